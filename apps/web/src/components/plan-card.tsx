import type { ReactNode } from "react";
import { Check } from "lucide-react";
import type { PaidPlan } from "@kim/domain";
import { BASIC_FEATURES, PLAN_DETAILS, PRO_FEATURES, formatPrice } from "@kim/domain/billing/plans";
import { Badge } from "@kim/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@kim/ui/card";
import { cn } from "@kim/ui/lib/utils";

const PLAN_FEATURES: Record<PaidPlan, readonly string[]> = {
  basic: BASIC_FEATURES,
  pro: ["Everything in Basic", ...PRO_FEATURES],
};

const PLAN_TAGLINES: Record<PaidPlan, string> = {
  basic: "Everything you need to run your kitchen",
  pro: "AI-powered tools for the serious home cook",
};

interface PlanCardProps {
  plan: PaidPlan;
  /** The call to action, e.g. a "Start Free Trial" button. */
  action: ReactNode;
  /** Heading level of the plan name, to fit the page outline. */
  headingLevel?: "h2" | "h3";
}

export function PlanCard({ plan, action, headingLevel: Heading = "h3" }: PlanCardProps) {
  const details = PLAN_DETAILS[plan];
  const titleId = `plan-${plan}-title`;

  return (
    <Card aria-labelledby={titleId} className={cn("relative h-full", details.popular && "border-2 border-primary shadow-md")}>
      {details.popular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge> : null}
      <CardHeader>
        <CardTitle>
          <Heading id={titleId} className="text-2xl">
            {details.name}
          </Heading>
        </CardTitle>
        <CardDescription>{PLAN_TAGLINES[plan]}</CardDescription>
        <p className="mt-2">
          <span className="text-4xl font-bold">{formatPrice(details.priceCents)}</span>
          <span className="text-muted-foreground">/month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-3">
          {PLAN_FEATURES[plan].map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
