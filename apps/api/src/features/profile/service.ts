import type { ProfileInput } from "@kim/domain";
import { isUniqueViolation } from "../../lib/db-errors";
import { appError, notFound } from "../../lib/errors";
import type { Context } from "../../trpc/context";
import { publicUser } from "../auth/public-user";
import { awaitsInvitation } from "../households/service";
import { updateProfileRow } from "./queries";

export const EMAIL_TAKEN = "That email is already used by another account";

export async function updateProfile(ctx: Context, user: NonNullable<Context["user"]>, input: ProfileInput) {
  // Nothing to change: answer the user as they are, without touching updatedAt.
  if (Object.values(input).every((value) => value === undefined)) return publicUser(user);
  // An address is not checked when it changes: one with an open invitation is kept for the person it was mailed to,
  // or a stranger holding a leaked link could take the address and join with it. Refused as a taken one is, so the
  // answer doesn't tell that an invitation waits there.
  if (input.email !== undefined && input.email !== user.email && (await awaitsInvitation(ctx, input.email))) {
    throw appError("CONFLICT", EMAIL_TAKEN);
  }
  let updated;
  try {
    updated = await updateProfileRow(ctx.db, user.id, input);
  } catch (err) {
    if (isUniqueViolation(err)) throw appError("CONFLICT", EMAIL_TAKEN);
    throw err;
  }
  if (!updated) throw notFound("User not found");
  if (updated.email !== user.email) await tellOldAddress(ctx, user.email, updated.email);
  return publicUser(updated);
}

/** The old address hears of the change, so a taken-over account doesn't change hands silently. */
export async function tellOldAddress(ctx: Context, oldEmail: string, newEmail: string): Promise<void> {
  await ctx.sendMail(ctx.db, {
    to: oldEmail,
    subject: "Your Kim email address was changed",
    text: [
      `The email address of your Kim account was changed to ${newEmail}.`,
      "Password reset links sent before the change no longer work.",
      "",
      "If you didn't make this change, reply to this mail so we can help you get your account back.",
    ].join("\n"),
  });
}
