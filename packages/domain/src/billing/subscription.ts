/**
 * The statuses the app labels (see subscriptionStatusLabel). The users column is plain text holding Stripe's status
 * as received, so others (incomplete, unpaid, paused, ...) can be read back; the db types it as string for that reason.
 */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Stripe's statuses after which a subscription is over: a new checkout may start, and an ended subscription's late
 * event changes nothing. The API's queries test the column against this list, in SQL; code asks isLiveSubscription.
 */
export const ENDED_SUBSCRIPTION_STATUSES = ["canceled", "incomplete_expired"] as const;

/**
 * A live subscription: one with a status that has not ended (trialing, active, past_due, unpaid, incomplete,
 * paused). No status is no subscription.
 */
export function isLiveSubscription(status: string | null): boolean {
  return status !== null && !ENDED_SUBSCRIPTION_STATUSES.some((ended) => ended === status);
}
