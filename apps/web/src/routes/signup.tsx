import { useState, type FormEvent } from "react";
import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { AuthScreen } from "../components/auth-screen";
import { EMPTY_SIGNUP, SignupFields, checkSignup } from "../components/signup-fields";
import { redirectSignedInHome } from "../lib/auth-redirects";
import { setCurrentUser } from "../lib/current-user";
import { markFirstVisit } from "../lib/first-visit";
import { errorMessage } from "../lib/form";
import { trpc } from "../lib/trpc";
import { pageTitle } from "../lib/page-title";

export const Route = createFileRoute("/signup")({
  head: () => pageTitle("Sign Up"),
  beforeLoad: redirectSignedInHome,
  component: SignupPage,
});

function SignupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const signup = trpc.auth.signup.useMutation({
    onSuccess: async (user) => {
      setCurrentUser(queryClient, user);
      markFirstVisit(user.id);
      // Replacing the form: Back from the new account goes where the cook came from, not to a signup it would skip.
      await navigate({ to: "/", replace: true });
      toast({ title: "Welcome to KIM!" });
    },
    onError: (error) => {
      toast({ title: "Signup failed", description: errorMessage(error, "Failed to create account"), variant: "destructive" });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, errors: next } = checkSignup(form);
    setErrors(next);
    if (input) signup.mutate(input);
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
        <SignupFields values={form} errors={errors} onChange={(name, value) => setForm((f) => ({ ...f, [name]: value }))} />
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? "Creating account..." : "Sign Up"}
        </Button>
      </form>
    </AuthScreen>
  );
}
