import { Link, createFileRoute } from "@tanstack/react-router";
import { CircleAlert, CircleCheck, MailX } from "lucide-react";
import { Button } from "@kim/ui/button";
import { AuthScreen } from "../components/auth-screen";
import { StatusIcon } from "../components/status-icon";
import { errorMessage } from "../lib/form";
import { pageTitle } from "../lib/page-title";
import { trpc } from "../lib/trpc";

export const Route = createFileRoute("/unsubscribe")({
  head: () => pageTitle("Unsubscribe"),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  component: UnsubscribePage,
});

/**
 * The expiry mail's link, signed in or not. It asks before turning the mail off: mail scanners open links, and
 * a click is what says the cook wants it.
 */
function UnsubscribePage() {
  const { token } = Route.useSearch();
  const unsubscribe = trpc.expiryMail.unsubscribe.useMutation();

  if (!token || unsubscribe.isError) {
    return (
      <AuthScreen
        icon={<StatusIcon icon={CircleAlert} tone="destructive" />}
        title="Invalid link"
        description={
          unsubscribe.isError
            ? errorMessage(unsubscribe.error, "This unsubscribe link is not valid.")
            : "This unsubscribe link is missing its token."
        }
      >
        <Button className="w-full" asChild>
          <Link to="/profile">Go to your profile</Link>
        </Button>
      </AuthScreen>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <AuthScreen
        icon={<StatusIcon icon={CircleCheck} />}
        title="You're unsubscribed"
        description="Kim won't send you expiry mail any more. You can turn it back on in your profile."
      >
        <Button className="w-full" asChild>
          <Link to="/profile">Go to your profile</Link>
        </Button>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen
      icon={<StatusIcon icon={MailX} />}
      title="Stop expiry mail?"
      description="You'll no longer get the morning mail about food that is about to expire."
    >
      <Button className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token })}>
        {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
      </Button>
    </AuthScreen>
  );
}
