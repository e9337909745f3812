import { z } from "zod";
import { AVATARS } from "../shared/enums";
import { nameText, storableText } from "../shared/text";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "./texts";

export const emailSchema = storableText("Email")
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

// Passwords are hashed, never stored, but refusing NUL keeps one rule for every string a person types.
export const passwordSchema = storableText("Password")
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Optional person name: trimmed, blank becomes null. */
export const nameSchema = (label: string) =>
  nameText(label)
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const signupInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
});

export const loginInput = z.object({
  email: emailSchema,
  password: storableText("Password")
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

export const passwordResetRequestInput = z.object({ email: emailSchema });

export const passwordResetConfirmInput = z.object({
  token: storableText("Reset token").min(1, "The reset token is missing").max(200, "The reset token is too long"),
  newPassword: passwordSchema,
});

/**
 * An avatar icon name from Kim's own set. Images from other sites are refused: whoever views the avatar (an admin's
 * user list) would load them, so a foreign address could track them (decision 0026).
 */
const profileImageSchema = storableText("Profile image")
  .trim()
  .max(100, "Profile image must be one of the avatar names")
  .refine((v) => (AVATARS as readonly string[]).includes(v), `Profile image must be one of the avatar names: ${AVATARS.join(", ")}`);

export const profileInput = z.object({
  email: emailSchema.optional(),
  firstName: nameSchema("First name").optional(),
  lastName: nameSchema("Last name").optional(),
  profileImageUrl: profileImageSchema.optional(),
});

export type SignupInput = z.infer<typeof signupInput>;
export type ProfileInput = z.infer<typeof profileInput>;
