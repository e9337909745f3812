import type { Database } from "@kim/db";
import { isLiveSubscription, type PaidPlan } from "@kim/domain";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import Stripe from "stripe";
import { z } from "zod";
import type { StripeConfig } from "../../config";
import { enqueueMail } from "../../lib/email";
import { appError } from "../../lib/errors";
import { callStripe, MISSING, whenRefused } from "../../outside/stripe";

/** Stripe's own default: a signature older than 5 minutes is refused, so a captured request can't be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

export interface WebhookDeps {
  db: Kysely<Database>;
  stripe: Stripe;
  config: StripeConfig;
  appUrl: string;
  now(): Date;
}

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/** The state Kim keeps of a subscription, read from Stripe's current copy. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  plan: PaidPlan | null;
  status: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
}

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
/** An id, or an expanded object's id; anything else in an odd payload is no id. */
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : typeof value?.id === "string" ? value.id : null;

/** The subscription an event is about, if any. */
function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
      return idOf((object as Stripe.Checkout.Session).subscription);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return idOf((object as Stripe.Subscription).id);
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf((object as Stripe.Invoice).parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

export function subscriptionState(subscription: Stripe.Subscription, prices: StripeConfig["prices"]): SubscriptionState {
  const item = subscription.items.data[0];
  const priceId = item?.price.id;
  const plan = priceId === prices.pro ? "pro" : priceId === prices.basic ? "basic" : null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    plan,
    status: subscription.status,
    trialEndsAt: seconds(subscription.trial_end),
    currentPeriodEnd: seconds(item?.current_period_end),
  };
}

/**
 * What Kim reads of an event before acting on it. Only Stripe can sign a body, but a body signed with the secret need
 * not be an event (an empty or test delivery): such a body is a 400, like a bad signature.
 */
const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export const NOT_AN_EVENT = "The webhook body is not a Stripe event";

/** Checks the signature of a raw webhook body and answers the event; a bad one is a 400 that changes nothing. */
export function verifiedEvent(
  deps: Pick<WebhookDeps, "stripe" | "config" | "now">,
  body: Buffer,
  signature: string | undefined,
): Stripe.Event {
  if (!signature) throw appError("BAD_REQUEST", "Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(
      body,
      signature,
      deps.config.webhookSecret,
      SIGNATURE_TOLERANCE_S,
      undefined,
      deps.now().getTime(),
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw appError("BAD_REQUEST", "Invalid Stripe signature");
    // The signature held and the body is not JSON: the client's JSON.parse threw.
    if (err instanceof SyntaxError) throw appError("BAD_REQUEST", NOT_AN_EVENT);
    throw err;
  }
  if (!eventShape.safeParse(event).success) throw appError("BAD_REQUEST", NOT_AN_EVENT);
  return event;
}

/**
 * Applies one verified event. Events come in any order and more than once, so none is applied from its own payload:
 * the subscription is re-read from Stripe and its current state stored. A repeat of a handled event is seen before
 * Stripe is called. The event's id is recorded in the same transaction that stores the state and queues its mail, so
 * the same event reaching another process at the same moment finds the id taken (the primary key makes the second
 * insert wait for the first) and does nothing.
 */
export async function applyEvent(deps: WebhookDeps, event: Stripe.Event, log: Pick<FastifyBaseLogger, "warn">): Promise<WebhookOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return "ignored";
  const subscriptionId = subscriptionOf(event);
  if (!subscriptionId) return "ignored";
  if (await isRecorded(deps.db, event.id)) return "duplicate";
  const subscription = await callStripe(() => deps.stripe.subscriptions.retrieve(subscriptionId).catch(whenRefused(null, MISSING)));
  if (!subscription) {
    // Stripe has no such subscription (another mode's event, a fixture, a removed object): a retry would find none
    // either, and answering 502 would have Stripe retry for days and may disable the endpoint. 502 stays for outages.
    log.warn({ eventId: event.id, type: event.type, subscriptionId }, "stripe webhook: Stripe has no such subscription; ignored");
    return "ignored";
  }
  // A customer can hold two subscriptions (two checkouts, the portal). When this one has ended, the user keeps the live
  // one if there is one: whichever ended, the user is downgraded only when none is left.
  const live = isLiveSubscription(subscription.status)
    ? subscription
    : ((await otherLiveSubscription(deps.stripe, idOf(subscription.customer) ?? "", subscription.id)) ?? subscription);
  const state = subscriptionState(live, deps.config.prices);
  const now = deps.now();

  return deps.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto("stripeEvents")
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!fresh) return "duplicate";
    const user = await storeSubscription(trx, state, now);
    if (user && event.type === "invoice.payment_failed") {
      await enqueueMail(trx, paymentFailedMail(user.email, deps.appUrl));
    }
    return "applied";
  });
}

/** A live subscription the customer has at Stripe other than `except`, if any. */
export async function otherLiveSubscription(stripe: Stripe, customerId: string, except?: string): Promise<Stripe.Subscription | null> {
  const { data } = await callStripe(() => stripe.subscriptions.list({ customer: customerId, limit: 100 }));
  return data.find((s) => s.id !== except && isLiveSubscription(s.status)) ?? null;
}

async function isRecorded(db: Kysely<Database>, eventId: string): Promise<boolean> {
  return !!(await db.selectFrom("stripeEvents").select("id").where("id", "=", eventId).executeTakeFirst());
}

/**
 * Stores the subscription's state on its customer's user. An ended subscription that is not the one the user has
 * (an old one's late event) changes nothing, so a user with a live subscription keeps it whatever the order.
 */
async function storeSubscription(db: Kysely<Database>, state: SubscriptionState, now: Date) {
  const live = isLiveSubscription(state.status);
  return db
    .updateTable("users")
    .set({
      plan: state.plan ?? "none",
      stripeSubscriptionId: state.subscriptionId,
      subscriptionStatus: state.status,
      trialEndsAt: state.trialEndsAt,
      currentPeriodEnd: state.currentPeriodEnd,
      pastDueSince: state.status === "past_due" ? sql<Date>`coalesce(past_due_since, ${now})` : null,
      // A subscription that had a trial spends the account's one trial, whichever event tells of it first.
      ...(state.trialEndsAt ? { trialUsedAt: sql<Date>`coalesce(trial_used_at, ${now})` } : {}),
      updatedAt: now,
    })
    .where("stripeCustomerId", "=", state.customerId)
    .$if(!live, (qb) =>
      qb.where((eb) => eb.or([eb("stripeSubscriptionId", "is", null), eb("stripeSubscriptionId", "=", state.subscriptionId)])),
    )
    .returning(["id", "email"])
    .executeTakeFirst();
}

function paymentFailedMail(to: string, appUrl: string) {
  const link = `${appUrl}/profile`;
  return {
    to,
    subject: "Your Kim payment failed",
    text: [
      "We couldn't take the payment for your Kim subscription.",
      "",
      `Please update your payment method within 3 days to keep your Pro features: ${link}`,
      "",
      "Kim",
    ].join("\n"),
  };
}
