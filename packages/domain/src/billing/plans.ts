import type { Role } from "../accounts/account";
import { PLANS, type PaidPlan } from "../shared/enums";
import { isLiveSubscription, type SubscriptionStatus } from "./subscription";

/** A user's plan: a paid one, or none. */
export type Plan = PaidPlan | "none";

export const TRIAL_DAYS = 14;

export const PLAN_DETAILS: Record<PaidPlan, { name: string; priceCents: number; popular: boolean }> = {
  basic: { name: "Basic", priceCents: 599, popular: false },
  pro: { name: "Pro", priceCents: 1299, popular: true },
};

/** "$5.99" */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export const STARTING_PRICE = formatPrice(Math.min(...PLANS.map((p) => PLAN_DETAILS[p].priceCents)));

export const PRO_FEATURES = [
  "AI recipe extraction from PDFs and URLs",
  "Smart shopping lists excluding existing inventory",
  "Expiration analytics and insights",
  "AI meal plan suggestions",
  "Priority support",
] as const;

export const BASIC_FEATURES = [
  "Unlimited ingredients and inventory tracking",
  "Manual recipe creation and organization",
  "Weekly meal planning",
  "Shopping list generation",
  "Barcode scanning",
  "Expiration date tracking",
] as const;

export interface AccessSubject {
  isPro: boolean;
  role: Role;
  isBetaTester: boolean;
  plan: Plan | null;
  /** Stripe's status as stored; ones the app does not know are shown as they are. */
  subscriptionStatus: string | null;
  trialEndsAt: Date | string | null;
  /** When the subscription was first seen past_due (null otherwise): the start of the grace period. */
  pastDueSince: Date | string | null;
}

/** A Pro plan whose payment failed keeps Pro access this long, time enough to update the card. */
const PAST_DUE_GRACE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

const time = (value: Date | string) => new Date(value).getTime();

/**
 * Pro access: isPro, an admin or a beta tester (all free); or a Pro plan that is active, trialing until its trial
 * ends (a local trial past its end has none even before housekeeping marks it canceled), or past_due for at most
 * PAST_DUE_GRACE_DAYS. Canceled and every other status have none. `now` is the caller's clock (ctx.now() on the server).
 */
export function hasProAccess(user: AccessSubject, now: Date = new Date()): boolean {
  if (user.isPro || user.role === "admin" || user.isBetaTester) return true;
  if (user.plan !== "pro") return false;
  switch (user.subscriptionStatus) {
    case "active":
      return true;
    case "trialing":
      return !!user.trialEndsAt && time(user.trialEndsAt) > now.getTime();
    case "past_due":
      return !!user.pastDueSince && now.getTime() - time(user.pastDueSince) < PAST_DUE_GRACE_DAYS * DAY_MS;
    default:
      return false;
  }
}

/** Admins and beta testers have Pro for free and no billing controls (no checkout, no portal). */
export function hasComplimentaryAccess(user: Pick<AccessSubject, "role" | "isBetaTester">): boolean {
  return user.role === "admin" || user.isBetaTester;
}

/** A paid plan whose subscription is live (trialing, active, past_due, ...): what Manage Subscription manages. */
export function hasCurrentPlan(user: Pick<AccessSubject, "plan" | "subscriptionStatus">): boolean {
  return !!user.plan && user.plan !== "none" && isLiveSubscription(user.subscriptionStatus);
}

export function planLabel(user: AccessSubject): string {
  if (user.role === "admin" || user.isBetaTester) return "Pro - Free Access";
  if (user.plan === "pro") return `Pro - ${formatPrice(PLAN_DETAILS.pro.priceCents)}/mo`;
  if (user.plan === "basic") return `Basic - ${formatPrice(PLAN_DETAILS.basic.priceCents)}/mo`;
  return "No Plan";
}

/** The Pro badge shows for the pro plan, admins and beta testers. */
export function showsProBadge(user: AccessSubject): boolean {
  return user.plan === "pro" || user.role === "admin" || user.isBetaTester;
}

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: "Free Trial",
  active: "Active",
  past_due: "Payment Failed",
  canceled: "Canceled",
};

function isKnownStatus(status: string): status is SubscriptionStatus {
  return Object.hasOwn(STATUS_LABELS, status);
}

export function subscriptionStatusLabel(user: AccessSubject): string {
  if (user.role === "admin") return "Admin - Free Access";
  if (user.isBetaTester) return "Beta Tester - Free Access";
  if (!user.subscriptionStatus || !user.plan || user.plan === "none") return "No active subscription";
  const status = user.subscriptionStatus;
  return isKnownStatus(status) ? STATUS_LABELS[status] : status;
}

/**
 * The trial's countdown beside "Free Trial": whole days left, rounded up (the spec's "{n} day(s) left"); in its last
 * 24 hours "less than a day left", since rounded up an hour read "1 day left"; once over "trial ended", as Pro is
 * locked at the end while the hourly housekeeping may not have marked the plan canceled yet. Null when not trialing or
 * no end date, and for admins and beta testers, whose free access doesn't end with a trial they may also have.
 */
export function trialLeftLabel(user: AccessSubject, now: Date = new Date()): string | null {
  if (hasComplimentaryAccess(user) || user.subscriptionStatus !== "trialing" || !user.trialEndsAt) return null;
  const ms = time(user.trialEndsAt) - now.getTime();
  if (ms <= 0) return "trial ended";
  if (ms < DAY_MS) return "less than a day left";
  const days = Math.ceil(ms / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"} left`;
}
