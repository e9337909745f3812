import { hasComplimentaryAccess, hasCurrentPlan, TRIAL_DAYS, type PaidPlan } from "@kim/domain";
import type Stripe from "stripe";
import { appError } from "../../lib/errors";
import type { Context } from "../../trpc/context";
import type { SessionUser } from "../../sessions/sessions";
import {
  cancelLocalPlan,
  CHECKOUT_MINUTES,
  checkoutHolder,
  findStripeCustomerId,
  hasUsedTrial,
  holdCheckout,
  keepStripeCustomer,
  settleCheckout,
  startLocalTrial,
  stripeSubscriptionOf,
  switchLocalPlan,
} from "./queries";
import { callStripe, MISSING, whenRefused } from "../../outside/stripe";
import { otherLiveSubscription } from "./webhook";

export const COMPLIMENTARY = "Admins and beta testers have every Pro feature for free: no subscription is needed.";
export const ALREADY_SUBSCRIBED = "You already have a plan. Use Manage Subscription to change or cancel it.";
export const NOTHING_TO_MANAGE = "You have no subscription to manage yet. Start one from the plans page.";
export const TRIAL_USED =
  "Your 14-day free trial has been used. This Kim server takes no payments, so ask its administrator for Pro access.";
export const STRIPE_UNREACHABLE = "Your subscription could not be cancelled at Stripe just now, so nothing was deleted. Please try again.";
export const CHECKOUT_OPEN = "A checkout for your account is already open. Finish it there, or try again in a moment.";
export const MANAGED_BY_STRIPE = "Plans are changed in Stripe's billing portal: use Manage Subscription.";

/** Where the browser goes next: Stripe's page, or one of Kim's own. */
export interface RedirectUrl {
  url: string | null;
}

function refuseUnlessOpenToCheckout(user: SessionUser): void {
  if (hasComplimentaryAccess(user)) throw appError("CONFLICT", COMPLIMENTARY);
  if (hasCurrentPlan(user)) throw appError("CONFLICT", ALREADY_SUBSCRIBED);
}

/**
 * Starts a plan: its 14-day trial the first time, one per account. With Stripe: a Checkout Session in subscription
 * mode for the user's one Stripe customer, asking for no card up front while the trial is unused and paying at once
 * after. Without: the local trial starts now and the browser goes back to /profile; a second one is refused, since
 * the local mode takes no payment (decision 0026).
 */
export async function createCheckoutSession(ctx: Context, user: SessionUser, plan: PaidPlan): Promise<RedirectUrl> {
  refuseUnlessOpenToCheckout(user);
  const { stripe } = ctx.clients;
  const stripeConfig = ctx.config.stripe;
  if (!stripe || !stripeConfig) {
    if (await startLocalTrial(ctx.db, user.id, plan, ctx.now())) return { url: `${ctx.config.appUrl}/profile?checkout=success` };
    throw appError("CONFLICT", (await hasUsedTrial(ctx.db, user.id)) ? TRIAL_USED : ALREADY_SUBSCRIBED);
  }
  const customer = await stripeCustomer(ctx, stripe, user);
  const { until, trial } = await claimCheckout(ctx, stripe, user.id, customer);
  let session: Stripe.Checkout.Session | null = null;
  try {
    session = await callStripe(() =>
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        client_reference_id: user.id,
        line_items: [{ price: stripeConfig.prices[plan], quantity: 1 }],
        subscription_data: {
          metadata: { userId: user.id },
          // The spec's "no credit card required": Stripe asks for a card only when the trial ends, and a trial that
          // ends without one cancels the subscription. Without a trial Checkout takes the card (its default).
          ...(trial ? { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: "cancel" } } } : {}),
        },
        ...(trial ? { payment_method_collection: "if_required" as const } : {}),
        // The checkout closes when its hold ends, so it cannot complete beside one opened since.
        expires_at: Math.floor(until.getTime() / 1000),
        success_url: `${ctx.config.appUrl}/profile?checkout=success`,
        cancel_url: `${ctx.config.appUrl}/pricing`,
      }),
    );
  } finally {
    await settleCheckout(ctx.db, user.id, until, session?.id ?? null);
  }
  return { url: session.url };
}

/**
 * Holds the account's one open checkout, trial or paid, so two opened before either completes cannot both start a
 * subscription (decision 0035 did this for trials). One still open from before (the cook went back and chose again) is
 * expired at Stripe first. One Stripe won't expire has completed: while its subscription (or another) is live, this
 * is a 409 (the webhook just hasn't told Kim yet); once none is, the hold is free. One being made this moment is a 409.
 * Answers until when the hold lasts and whether the checkout may offer the trial.
 */
async function claimCheckout(ctx: Context, stripe: Stripe, userId: string, customer: string): Promise<{ until: Date; trial: boolean }> {
  const now = ctx.now();
  const until = new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
  const held = await holdCheckout(ctx.db, userId, now, until);
  if (held) return { until, ...held };
  const holder = await checkoutHolder(ctx.db, userId, now);
  if (!holder) throw appError("CONFLICT", CHECKOUT_OPEN);
  // Stripe refuses to expire one that is no longer open; an outage is a 502, not a hold given away while it stays open.
  const expired = await callStripe(() =>
    stripe.checkout.sessions.expire(holder).then((session) => session.status === "expired", whenRefused(false)),
  );
  if (!expired && (await otherLiveSubscription(stripe, customer))) throw appError("CONFLICT", ALREADY_SUBSCRIBED);
  const replaced = await holdCheckout(ctx.db, userId, now, until, holder);
  if (!replaced) throw appError("CONFLICT", CHECKOUT_OPEN);
  return { until, ...replaced };
}

/**
 * The user's Stripe customer, created once. The idempotency key makes two parallel first checkouts get one customer
 * from Stripe, and the conditional update keeps the first stored should they still differ.
 */
async function stripeCustomer(ctx: Context, stripe: Stripe, user: SessionUser): Promise<string> {
  const stored = await findStripeCustomerId(ctx.db, user.id);
  if (stored) return stored;
  const created = await callStripe(() =>
    stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `kim-customer-${user.id}` }),
  );
  return (await keepStripeCustomer(ctx.db, user.id, created.id)) ?? created.id;
}

/** Stripe's billing portal for the user's customer; in local mode Kim's own manage page. */
export async function createPortalSession(ctx: Context, user: SessionUser): Promise<RedirectUrl> {
  const { stripe } = ctx.clients;
  if (!stripe) {
    if (!hasCurrentPlan(user)) throw appError("CONFLICT", NOTHING_TO_MANAGE);
    return { url: `${ctx.config.appUrl}/billing` };
  }
  const customer = await findStripeCustomerId(ctx.db, user.id);
  if (!customer) throw appError("CONFLICT", NOTHING_TO_MANAGE);
  const session = await callStripe(() => stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.config.appUrl}/profile` }));
  return { url: session.url };
}

function localModeOnly(ctx: Context): void {
  if (ctx.clients.stripe) throw appError("CONFLICT", MANAGED_BY_STRIPE);
}

/** Local mode's manage page: another plan for the current subscription. */
export async function changeLocalPlan(ctx: Context, user: SessionUser, plan: PaidPlan): Promise<void> {
  localModeOnly(ctx);
  if (hasComplimentaryAccess(user)) throw appError("CONFLICT", COMPLIMENTARY);
  if (!(await switchLocalPlan(ctx.db, user.id, plan, ctx.now()))) throw appError("CONFLICT", NOTHING_TO_MANAGE);
}

/** Local mode's manage page: the subscription ends now, and with it a Pro plan's access. */
export async function endLocalPlan(ctx: Context, user: SessionUser): Promise<void> {
  localModeOnly(ctx);
  if (!(await cancelLocalPlan(ctx.db, user.id, ctx.now()))) throw appError("CONFLICT", NOTHING_TO_MANAGE);
}

/**
 * Cancels the user's Stripe subscription before their account is deleted, so nobody is billed for an account that is
 * gone; answers whether there was one. Stripe unreachable is a 502 before anything is deleted.
 */
export async function cancelSubscriptionBeforeDeletion(ctx: Pick<Context, "db" | "clients">, userId: string): Promise<boolean> {
  const subscription = await stripeSubscriptionOf(ctx.db, userId);
  const { stripe } = ctx.clients;
  if (!subscription || !stripe) return false;
  try {
    // Already gone at Stripe: nothing left to cancel.
    await stripe.subscriptions.cancel(subscription).catch(whenRefused(undefined, MISSING));
  } catch {
    throw appError("BAD_GATEWAY", STRIPE_UNREACHABLE);
  }
  return true;
}
