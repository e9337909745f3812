import { useState, type FormEvent } from "react";
import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { signupInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { AuthScreen } from "../components/auth-screen";
import { EmailField, FormField } from "../components/form-field";
import { redirectSignedInHome } from "../lib/auth-redirects";
import { setCurrentUser } from "../lib/current-user";
import { markFirstVisit } from "../lib/first-visit";
import { PASSWORDS_DONT_MATCH, errorMessage, fieldErrors } from "../lib/form";
import { trpc } from "../lib/trpc";
import { pageTitle } from "../lib/page-title";

export const Route = createFileRoute("/signup")({
  head: () => pageTitle("Sign Up"),
  beforeLoad: redirectSignedInHome,
  component: SignupPage,
});

const EMPTY_FORM = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };

function SignupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof EMPTY_FORM) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    error: errors[name],
  });

  const signup = trpc.auth.signup.useMutation({
    onSuccess: async (user) => {
      setCurrentUser(queryClient, user);
      markFirstVisit(user.id);
      await navigate({ to: "/" });
      toast({ title: "Welcome to KIM!" });
    },
    onError: (error) => {
      toast({ title: "Signup failed", description: errorMessage(error, "Failed to create account"), variant: "destructive" });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { confirmPassword, ...input } = form;
    const parsed = signupInput.safeParse(input);
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (confirmPassword !== input.password) next.confirmPassword = PASSWORDS_DONT_MATCH;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) signup.mutate(parsed.data);
  };

  return (
    <AuthScreen
      title="Create your account"
      description="Start managing your kitchen with KIM"
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" autoComplete="given-name" {...field("firstName")} />
          <FormField label="Last name" autoComplete="family-name" {...field("lastName")} />
        </div>
        <EmailField {...field("email")} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="Must be at least 8 characters"
          {...field("password")}
        />
        <FormField label="Confirm password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? "Creating account..." : "Sign Up"}
        </Button>
      </form>
    </AuthScreen>
  );
}
