import { useState, type FormEvent } from "react";
import { Link, createFileRoute } from "@tanstack/react-router";
import { CircleAlert, CircleCheck } from "lucide-react";
import { passwordResetConfirmInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { AuthScreen } from "../components/auth-screen";
import { FormField } from "../components/form-field";
import { StatusIcon } from "../components/status-icon";
import { isBadRequestError } from "../lib/errors";
import { PASSWORDS_DONT_MATCH, errorMessage, fieldErrors } from "../lib/form";
import { trpc } from "../lib/trpc";
import { pageTitle } from "../lib/page-title";

interface ResetSearch {
  token?: string;
  /** The link mailed to an account an admin created: the same token, greeting someone choosing a first password. */
  welcome?: true;
}

export const Route = createFileRoute("/reset-password")({
  head: () => pageTitle("Reset Password"),
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    ...(typeof search.token === "string" && search.token ? { token: search.token } : {}),
    ...(search.welcome === true || search.welcome === 1 || search.welcome === "1" ? { welcome: true as const } : {}),
  }),
  component: ResetPasswordPage,
});

/** What the screen says: resetting a password, or welcoming an invited account to choose its first one. */
const TEXTS = {
  reset: {
    title: "Reset your password",
    description: "Choose a new password for your account",
    password: "New password",
    submit: "Reset password",
    pending: "Resetting...",
    doneTitle: "Password reset!",
    done: "Your password has been changed. You can now log in with your new password.",
    toast: { title: "Password reset successful", description: "You can now log in with your new password." },
  },
  welcome: {
    title: "Welcome to Kim — choose a password",
    description: "An administrator created your account. Choose a password, then log in with your email.",
    password: "Password",
    submit: "Set password",
    pending: "Saving...",
    doneTitle: "You're all set!",
    done: "Your password is set. Log in with your email and your new password.",
    toast: { title: "Password set", description: "You can now log in." },
  },
};
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

function ResetPasswordPage() {
  const { token, welcome } = Route.useSearch();
  const texts = welcome ? TEXTS.welcome : TEXTS.reset;
  const [done, setDone] = useState(false);
  // The server refused the token (invalid, expired or used): the same dead end as a link without one.
  const [refused, setRefused] = useState(false);

  if (!token || refused) return <InvalidLink welcome={!!welcome} />;
  if (done) {
    return (
      <AuthScreen icon={<StatusIcon icon={CircleCheck} />} title={texts.doneTitle} description={texts.done}>
        <Button className="w-full" asChild>
          <Link to="/login" search={welcome ? { welcome: true } : {}}>
            Go to login
          </Link>
        </Button>
      </AuthScreen>
    );
  }
  return <ResetForm token={token} texts={texts} onDone={() => setDone(true)} onRefused={() => setRefused(true)} />;
}

function InvalidLink({ welcome }: { welcome: boolean }) {
  return (
    <AuthScreen
      icon={<StatusIcon icon={CircleAlert} tone="destructive" />}
      title="Invalid link"
      description={
        welcome
          ? "This invitation link is invalid, expired or already used. Request a new link with your email, or ask an administrator."
          : "Password reset link is missing or invalid."
      }
    >
      <Button className="w-full" asChild>
        <Link to="/forgot-password">Request new link</Link>
      </Button>
    </AuthScreen>
  );
}

interface ResetFormProps {
  token: string;
  texts: Texts;
  onDone: () => void;
  onRefused: () => void;
}

function ResetForm({ token, texts, onDone, onRefused }: ResetFormProps) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const confirm = trpc.auth.confirmPasswordReset.useMutation({
    onSuccess: () => {
      onDone();
      toast(texts.toast);
    },
    onError: (error) => {
      toast({ title: "Reset failed", description: errorMessage(error, "Failed to reset password"), variant: "destructive" });
      // The form already checked the password, so a 400 here is about the link itself.
      if (isBadRequestError(error)) onRefused();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetConfirmInput.safeParse({ token, newPassword });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (confirmPassword !== newPassword) next.confirmPassword = PASSWORDS_DONT_MATCH;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) confirm.mutate(parsed.data);
  };

  return (
    <AuthScreen title={texts.title} description={texts.description}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField
          label={texts.password}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint="Must be at least 8 characters"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={errors.newPassword}
        />
        <FormField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" disabled={confirm.isPending}>
          {confirm.isPending ? texts.pending : texts.submit}
        </Button>
      </form>
    </AuthScreen>
  );
}
