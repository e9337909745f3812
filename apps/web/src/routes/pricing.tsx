import { createFileRoute } from "@tanstack/react-router";
import { hasCurrentPlan, type PaidPlan } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { PlanCard } from "../components/plan-card";
import { PublicHeader } from "../components/public-header";
import { useCheckout, usePortal } from "../features/billing/use-billing";
import { SiteFooter } from "../components/site-footer";
import { useCurrentUser } from "../lib/current-user";
import { goToLoginEntry } from "../lib/query-client";
import { SUPPORT_EMAIL } from "../lib/support";
import { pageTitle } from "../lib/page-title";

export const Route = createFileRoute("/pricing")({
  head: () => pageTitle("Pricing"),
  component: PricingPage,
});

const PLANS: readonly PaidPlan[] = ["basic", "pro"];

function PricingPage() {
  const { data: user } = useCurrentUser();
  const checkout = useCheckout();
  const portal = usePortal();
  const pending = checkout.pending || portal.pending;
  // One free trial per account: once it's used, a plan starts paid, and the buttons say so.
  const trialUsed = !!user?.trialUsedAt && !hasCurrentPlan(user);

  const choosePlan = (plan: PaidPlan) => {
    if (!user) {
      goToLoginEntry();
      return;
    }
    // A plan already running is changed where it is managed (Upgrade to Pro leads here from the profile).
    if (hasCurrentPlan(user)) portal.open();
    else checkout.start({ plan });
  };

  return (
    <div className="flex min-h-svh flex-col">
      <PublicHeader />
      <main className="flex-1 px-4 py-16">
        <div className="mx-auto max-w-4xl">
          <div className="mx-auto max-w-2xl text-center">
            <h1 className="text-4xl font-bold tracking-tight">Choose Your Plan</h1>
            <p className="mt-4 text-lg text-muted-foreground">Start your free trial today. Upgrade, downgrade or cancel at any time.</p>
          </div>
          <div className="mt-12 grid gap-8 md:grid-cols-2">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                headingLevel="h2"
                action={
                  <Button
                    className="w-full"
                    variant={plan === "pro" ? "default" : "outline"}
                    disabled={pending}
                    aria-busy={pending && checkout.plan === plan}
                    onClick={() => choosePlan(plan)}
                  >
                    {trialUsed ? "Subscribe" : "Start Free Trial"}
                  </Button>
                }
              />
            ))}
          </div>
          <div className="mt-12 space-y-2 text-center text-sm text-muted-foreground">
            {trialUsed ? (
              <p className="font-medium text-foreground">You have used your free trial: a plan you start now is paid from today.</p>
            ) : null}
            <p>14-day free trial • No credit card required • Cancel anytime</p>
            <p>
              Questions?{" "}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline-offset-4 hover:underline">
                Contact support
              </a>
            </p>
          </div>
        </div>
      </main>
      <SiteFooter showSupport={false} />
    </div>
  );
}
