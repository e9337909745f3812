import { Link } from "@tanstack/react-router";
import { CircleAlert, Crown } from "lucide-react";
import { hasComplimentaryAccess, hasCurrentPlan, planLabel, showsProBadge, subscriptionStatusLabel, trialLeftLabel } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import type { CurrentUser } from "../../lib/current-user";
import { usePortal } from "../billing/use-billing";
import { NeedsNetwork } from "../../components/needs-network";
import { useOnline } from "../../lib/offline/network";

type SubscriptionUser = Pick<
  CurrentUser,
  "plan" | "subscriptionStatus" | "trialEndsAt" | "pastDueSince" | "isPro" | "role" | "isBetaTester" | "isAdmin"
>;

export function SubscriptionCard({ user }: { user: SubscriptionUser }) {
  const online = useOnline();
  const complimentary = hasComplimentaryAccess(user);
  // An ended (canceled) plan is shown as such, and a new one starts from the plans page.
  const hasPlan = hasCurrentPlan(user);
  const trialLeft = trialLeftLabel(user);
  const portal = usePortal();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Subscription</h2>
        </CardTitle>
        <CardDescription>Your plan and billing</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 text-sm">
          <dt className="text-muted-foreground">Plan</dt>
          <dd>
            <Badge variant={showsProBadge(user) ? "default" : "secondary"}>
              {showsProBadge(user) ? <Crown aria-hidden="true" /> : null}
              {planLabel(user)}
            </Badge>
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="font-medium">
            <span>{subscriptionStatusLabel(user)}</span>
            {trialLeft !== null ? <span className="ml-2 font-normal text-muted-foreground">({trialLeft})</span> : null}
          </dd>
        </dl>

        {user.subscriptionStatus === "past_due" && !complimentary ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Your payment failed. Please update your payment method to continue using the product.
          </p>
        ) : null}

        {complimentary ? (
          <p className="text-sm text-muted-foreground">You have complimentary access to all Pro features. No subscription required.</p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            {hasPlan ? (
              <Button variant="outline" disabled={portal.pending || !online} onClick={portal.open}>
                Manage Subscription
              </Button>
            ) : (
              <Button asChild>
                <Link to="/pricing">Start Subscription</Link>
              </Button>
            )}
            {user.plan === "basic" && hasPlan ? (
              <Button asChild>
                <Link to="/pricing">Upgrade to Pro</Link>
              </Button>
            ) : null}
          </div>
        )}
        <NeedsNetwork what="managing the subscription works" />
      </CardContent>
    </Card>
  );
}
