import { Bell, BookOpen, CalendarDays, Package } from "lucide-react";
import type { PaidPlan } from "@kim/domain";
import { STARTING_PRICE, TRIAL_DAYS } from "@kim/domain/billing/plans";
import { Button } from "@kim/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { BetaBanner } from "./beta-banner";
import { PlanCard } from "./plan-card";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";
import { AppLink } from "./app-link";

const FEATURES = [
  {
    icon: Package,
    title: "Inventory Tracking",
    description: "Keep track of every ingredient with quantities, categories and expiration dates. Scan barcodes to add items in seconds.",
  },
  {
    icon: BookOpen,
    title: "Recipe Management",
    description: "Save and organize your favorite recipes in one place, then cook step by step with checklists and timers.",
  },
  {
    icon: CalendarDays,
    title: "Meal Planning",
    description: "Plan breakfast, lunch and dinner for the whole week, and generate shopping lists from your meal plan.",
  },
  {
    icon: Bell,
    title: "Expiration Alerts",
    description: "See what's expiring soon so you use ingredients in time and waste less food.",
  },
] as const;

const PLANS: readonly PaidPlan[] = ["basic", "pro"];

function scrollToFeatures() {
  const target = document.getElementById("features");
  if (!target) return;
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth" });
  // Move keyboard focus along with the scroll.
  target.focus({ preventScroll: true });
}

export function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col overflow-x-hidden">
      <BetaBanner />
      <PublicHeader>
        <Button variant="ghost" size="sm" asChild>
          <AppLink href="/login">Log In</AppLink>
        </Button>
        <Button size="sm" asChild>
          <AppLink href="/signup">Start Free Trial</AppLink>
        </Button>
      </PublicHeader>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-secondary to-background px-4 py-16 sm:py-24">
          <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">Your Personal Kitchen Assistant</h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">
              Track your ingredients, organize your recipes, plan your meals and build your shopping list, all in one place.
            </p>
            <p className="mt-4 text-lg font-semibold">Starting at {STARTING_PRICE}/month</p>
            <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
              <Button size="lg" asChild>
                <AppLink href="/pricing">Start Free Trial</AppLink>
              </Button>
              <Button size="lg" variant="outline" onClick={scrollToFeatures}>
                Learn More
              </Button>
            </div>
            <p className="mt-6 text-sm text-muted-foreground">
              Already have an account?{" "}
              <AppLink href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                Log in here
              </AppLink>
            </p>
          </div>
        </section>

        <section
          id="features"
          tabIndex={-1}
          aria-labelledby="features-title"
          className="scroll-mt-16 px-4 py-16 focus:outline-none sm:py-24"
        >
          <div className="mx-auto max-w-6xl">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-title" className="text-3xl font-bold tracking-tight">
                Everything you need to run your kitchen
              </h2>
              <p className="mt-4 text-muted-foreground">From the pantry to the plate: less waste, less stress, better meals.</p>
            </div>
            <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ icon: Icon, title, description }) => (
                <Card key={title}>
                  <CardHeader>
                    <span className="mb-2 flex size-12 items-center justify-center rounded-lg bg-secondary text-primary">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <CardTitle>
                      <h3 className="text-lg">{title}</h3>
                    </CardTitle>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                </Card>
              ))}
            </div>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-title" className="bg-muted/40 px-4 py-16 sm:py-24">
          <div className="mx-auto max-w-4xl">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="pricing-title" className="text-3xl font-bold tracking-tight">
                Simple, transparent pricing
              </h2>
              <p className="mt-4 text-muted-foreground">Start with a {TRIAL_DAYS}-day free trial. No credit card required.</p>
            </div>
            <div className="mt-12 grid gap-8 md:grid-cols-2">
              {PLANS.map((plan) => (
                <PlanCard
                  key={plan}
                  plan={plan}
                  action={
                    <Button className="w-full" variant={plan === "pro" ? "default" : "outline"} asChild>
                      <AppLink href="/pricing">Start Free Trial</AppLink>
                    </Button>
                  }
                />
              ))}
            </div>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}
