import { useState, type FormEvent } from "react";
import { Link, createFileRoute } from "@tanstack/react-router";
import { ArrowLeft, Mail } from "lucide-react";
import { passwordResetRequestInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { AuthScreen } from "../components/auth-screen";
import { BreakableEmail } from "../components/breakable-email";
import { EmailField } from "../components/form-field";
import { StatusIcon } from "../components/status-icon";
import { errorMessage, fieldErrors } from "../lib/form";
import { trpc } from "../lib/trpc";
import { pageTitle } from "../lib/page-title";

export const Route = createFileRoute("/forgot-password")({
  head: () => pageTitle("Forgot Password"),
  component: ForgotPasswordPage,
});

function BackToLogin() {
  return (
    <Link to="/login" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to login
    </Link>
  );
}

function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const request = trpc.auth.requestPasswordReset.useMutation({
    onSuccess: (result, input) => {
      setSentTo(input.email);
      toast({ title: "Check your email", description: result.message });
    },
    onError: (err) => {
      toast({
        title: "Request failed",
        description: errorMessage(err, "Failed to process password reset request"),
        variant: "destructive",
      });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetRequestInput.safeParse({ email });
    setError(parsed.success ? undefined : fieldErrors(parsed.error).email);
    if (parsed.success) request.mutate(parsed.data);
  };

  if (sentTo) {
    return (
      <AuthScreen
        icon={<StatusIcon icon={Mail} />}
        title="Check your email"
        description={
          <>
            We've sent password reset instructions to{" "}
            <strong className="font-medium text-foreground">
              <BreakableEmail email={sentTo} />
            </strong>
          </>
        }
        footer={<BackToLogin />}
      >
        <div className="grid gap-2 text-center text-sm text-muted-foreground">
          <p>The link will expire in 1 hour</p>
          <p>Didn't receive the email? Check your spam folder.</p>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Forgot password?"
      description="Enter your email and we'll send you a link to reset your password"
      footer={<BackToLogin />}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Send reset link"}
        </Button>
      </form>
    </AuthScreen>
  );
}
