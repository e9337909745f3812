import { signupInput, type SignupInput } from "@kim/domain";
import { PASSWORDS_DONT_MATCH, fieldErrors } from "../lib/form";
import { EmailField, FormField } from "./form-field";

/** What a new account's form holds: /signup's fields, also the invitation's "New account" (/household/join). */
export const EMPTY_SIGNUP = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };

export type SignupValues = typeof EMPTY_SIGNUP;

/** The account to create, or the inline error of each field in the way (the password confirmed too). */
export function checkSignup({ confirmPassword, ...values }: SignupValues): { input: SignupInput | null; errors: Record<string, string> } {
  const parsed = signupInput.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DONT_MATCH;
  return { input: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}

interface SignupFieldsProps {
  values: SignupValues;
  errors: Record<string, string>;
  onChange: (name: keyof SignupValues, value: string) => void;
  /** The email is given (an invitation's address): shown, not edited. */
  emailReadOnly?: boolean;
}

/** A new account's fields: first and last name, email, password with its rule, and the password again. */
export function SignupFields({ values, errors, onChange, emailReadOnly = false }: SignupFieldsProps) {
  const field = (name: keyof SignupValues) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    error: errors[name],
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" {...field("firstName")} />
        <FormField label="Last name" autoComplete="family-name" {...field("lastName")} />
      </div>
      <EmailField readOnly={emailReadOnly} {...field("email")} />
      <FormField label="Password" type="password" autoComplete="new-password" hint="Must be at least 8 characters" {...field("password")} />
      <FormField label="Confirm password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
    </>
  );
}
