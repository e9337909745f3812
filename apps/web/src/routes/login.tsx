import { useState, type FormEvent } from "react";
import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { loginInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { AuthScreen } from "../components/auth-screen";
import { EmailField, FormField } from "../components/form-field";
import { redirectSignedInHome } from "../lib/auth-redirects";
import { setCurrentUser } from "../lib/current-user";
import { clearFirstVisit, markFirstVisit } from "../lib/first-visit";
import { errorMessage, fieldErrors } from "../lib/form";
import { trpc } from "../lib/trpc";
import { pageTitle } from "../lib/page-title";

export const Route = createFileRoute("/login")({
  head: () => pageTitle("Log In"),
  // From the invitation's "Go to login": the account's first sign-in.
  validateSearch: (search: Record<string, unknown>): { welcome?: true } =>
    search.welcome === true || search.welcome === 1 || search.welcome === "1" ? { welcome: true } : {},
  beforeLoad: redirectSignedInHome,
  component: LoginPage,
});

function LoginPage() {
  const { welcome } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const login = trpc.auth.login.useMutation({
    onSuccess: async (user) => {
      setCurrentUser(queryClient, user);
      if (welcome) markFirstVisit(user.id);
      else clearFirstVisit();
      await navigate({ to: "/" });
      toast({ title: welcome ? "Welcome to KIM!" : "Welcome back!" });
    },
    onError: (error) => {
      toast({ title: "Login failed", description: errorMessage(error, "Invalid email or password"), variant: "destructive" });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginInput.safeParse({ email, password });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) login.mutate(parsed.data);
  };

  return (
    <AuthScreen
      title="Welcome back"
      description="Log in to your KIM account"
      footer={
        <p>
          Don't have an account?{" "}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <div className="grid gap-2">
          <FormField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Link to="/forgot-password" className="justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Log In"}
        </Button>
      </form>
    </AuthScreen>
  );
}
