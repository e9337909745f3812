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

export const Route = createFileRoute("/reset-password")({
  head: () => pageTitle("Reset Password"),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const [done, setDone] = useState(false);
  // The server refused the token (invalid, expired or used): the same dead end as a link without one.
  const [refused, setRefused] = useState(false);

  if (!token || refused) return <InvalidLink />;
  if (done) {
    return (
      <AuthScreen
        icon={<StatusIcon icon={CircleCheck} />}
        title="Password reset!"
        description="Your password has been changed. You can now log in with your new password."
      >
        <Button className="w-full" asChild>
          <Link to="/login">Go to login</Link>
        </Button>
      </AuthScreen>
    );
  }
  return <ResetForm token={token} onDone={() => setDone(true)} onRefused={() => setRefused(true)} />;
}

function InvalidLink() {
  return (
    <AuthScreen
      icon={<StatusIcon icon={CircleAlert} tone="destructive" />}
      title="Invalid link"
      description="Password reset link is missing or invalid."
    >
      <Button className="w-full" asChild>
        <Link to="/forgot-password">Request new link</Link>
      </Button>
    </AuthScreen>
  );
}

function ResetForm({ token, onDone, onRefused }: { token: string; onDone: () => void; onRefused: () => void }) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const confirm = trpc.auth.confirmPasswordReset.useMutation({
    onSuccess: () => {
      onDone();
      toast({ title: "Password reset successful", description: "You can now log in with your new password." });
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
    <AuthScreen title="Reset your password" description="Choose a new password for your account">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField
          label="New password"
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
          {confirm.isPending ? "Resetting..." : "Reset password"}
        </Button>
      </form>
    </AuthScreen>
  );
}
