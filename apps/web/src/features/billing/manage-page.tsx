import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { hasComplimentaryAccess, hasCurrentPlan, PLANS, planLabel, subscriptionStatusLabel, trialLeftLabel } from "@kim/domain";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@kim/ui/alert-dialog";
import { Button, buttonVariants } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { toast } from "@kim/ui/lib/use-toast";
import { PlanCard } from "../../components/plan-card";
import { currentUserQueryKey, useCurrentUser } from "../../lib/current-user";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { NeedsNetwork } from "../../components/needs-network";
import { useOnline } from "../../lib/offline/network";

/**
 * Kim's own subscription management for the local trial mode (no Stripe): switch to the other plan, or cancel.
 * With Stripe, Manage Subscription opens Stripe's billing portal instead and this page's calls answer 409.
 */
export function ManagePage() {
  const online = useOnline();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const done = (title: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    toast({ title });
    setConfirming(false);
    await navigate({ to: "/profile" });
  };
  const switchPlan = trpc.billing.switchPlan.useMutation({
    onSuccess: done("Subscription updated"),
    onError: failureToast("Failed to update subscription"),
  });
  const cancel = trpc.billing.cancel.useMutation({
    onSuccess: done("Subscription canceled"),
    onError: failureToast("Failed to cancel subscription"),
  });
  if (!user) return null;
  const pending = switchPlan.isPending || cancel.isPending;
  const current = hasCurrentPlan(user) && !hasComplimentaryAccess(user) && user.plan !== "none" ? user.plan : null;
  const trialLeft = trialLeftLabel(user);

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Manage Subscription</h1>
        <NeedsNetwork what="changing plans works" />
        <p className="mt-2 text-muted-foreground">Switch your plan or cancel it. Kim is running without payments, so no card is needed.</p>
      </div>
      {current ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg">Current plan</h2>
              </CardTitle>
              <CardDescription>
                {planLabel(user)} · {subscriptionStatusLabel(user)}
                {trialLeft !== null ? ` (${trialLeft})` : ""}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" disabled={pending} onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            </CardContent>
          </Card>
          <div className="grid gap-6 md:grid-cols-2">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                headingLevel="h2"
                action={
                  plan === current ? (
                    <Button className="w-full" variant="secondary" disabled>
                      Current Plan
                    </Button>
                  ) : (
                    <Button className="w-full" disabled={pending || !online} onClick={() => switchPlan.mutate({ plan })}>
                      {plan === "pro" ? "Upgrade to Pro" : "Switch to Basic"}
                    </Button>
                  )
                }
              />
            ))}
          </div>
        </>
      ) : (
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <p className="text-sm text-muted-foreground">
              {hasComplimentaryAccess(user)
                ? "You have complimentary access to all Pro features. No subscription required."
                : "You have no active subscription."}
            </p>
            <div>
              <Button asChild>
                <Link to={hasComplimentaryAccess(user) ? "/profile" : "/pricing"}>
                  {hasComplimentaryAccess(user) ? "Back to Profile" : "Start Subscription"}
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
      <AlertDialog open={confirming} onOpenChange={(open) => !pending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel your subscription?</AlertDialogTitle>
            <AlertDialogDescription>
              Your plan ends now, and with it any Pro features. You can start a new subscription from the plans page.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Keep Subscription</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                cancel.mutate();
              }}
            >
              {cancel.isPending ? "Canceling..." : "Cancel Subscription"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
