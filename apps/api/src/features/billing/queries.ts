import { ENDED_SUBSCRIPTION_STATUSES, trialEnd, type PaidPlan } from "@kim/domain";
import type { Database, UserUpdate } from "@kim/db";
import { sql, type Kysely } from "kysely";

export function findStripeCustomerId(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("users")
    .select("stripeCustomerId")
    .where("id", "=", userId)
    .executeTakeFirst()
    .then((row) => row?.stripeCustomerId ?? null);
}

/** Stores the user's Stripe customer unless one is stored already; answers the one the user has now. */
export async function keepStripeCustomer(db: Kysely<Database>, userId: string, customerId: string): Promise<string | null> {
  await db
    .updateTable("users")
    .set({ stripeCustomerId: customerId })
    .where("id", "=", userId)
    .where("stripeCustomerId", "is", null)
    .execute();
  return findStripeCustomerId(db, userId);
}

/** The account's Stripe subscription, as the webhook last stored it. */
export async function stripeSubscriptionOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("stripeSubscriptionId").where("id", "=", userId).executeTakeFirst();
  return row?.stripeSubscriptionId ?? null;
}

/** Whether the account has had its one free trial. */
export function hasUsedTrial(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db
    .selectFrom("users")
    .select("trialUsedAt")
    .where("id", "=", userId)
    .executeTakeFirst()
    .then((row) => !!row?.trialUsedAt);
}

/**
 * How long a Checkout stays open (Stripe takes 30 minutes to 24 hours): a checkout left unfinished frees the account's
 * hold then. The hold lives in trial_checkout_id and _until, named for the trial checkouts it first held.
 */
export const CHECKOUT_MINUTES = 60;

/**
 * Holds the account's one open Stripe Checkout for one about to open, until `until`: when no open checkout holds it
 * (none, one past its time, or `replacing`, which Stripe has just expired). One statement, so of checkouts opened at
 * once one gets it. Answers whether that checkout may offer the trial (still unused), or null when refused.
 */
export async function holdCheckout(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  until: Date,
  replacing?: string,
): Promise<{ trial: boolean } | null> {
  const row = await db
    .updateTable("users")
    .set({ trialCheckoutId: "", trialCheckoutUntil: until })
    .where("id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("trialCheckoutUntil", "is", null),
        eb("trialCheckoutUntil", "<=", now),
        ...(replacing ? [eb("trialCheckoutId", "=", replacing)] : []),
      ]),
    )
    .returning("trialUsedAt")
    .executeTakeFirst();
  return row ? { trial: row.trialUsedAt === null } : null;
}

/** The hold ending at `until` gets its Checkout Session (`sessionId`), or is let go (null: the session was not made). */
export async function settleCheckout(db: Kysely<Database>, userId: string, until: Date, sessionId: string | null): Promise<void> {
  await db
    .updateTable("users")
    .set(sessionId ? { trialCheckoutId: sessionId } : { trialCheckoutId: null, trialCheckoutUntil: null })
    .where("id", "=", userId)
    .where("trialCheckoutUntil", "=", until)
    .where("trialCheckoutId", "=", "")
    .execute();
}

/** The open Checkout Session holding the account, once made ("" while it is being made). */
export function checkoutHolder(db: Kysely<Database>, userId: string, now: Date): Promise<string | null> {
  return db
    .selectFrom("users")
    .select("trialCheckoutId")
    .where("id", "=", userId)
    .where("trialCheckoutUntil", ">", now)
    .executeTakeFirst()
    .then((row) => row?.trialCheckoutId || null);
}

/**
 * Local trial mode: starts the plan's trial now, unless the user has a current plan or had a trial already (checked
 * in the same statement, so two parallel requests start one trial). False when refused.
 */
export async function startLocalTrial(db: Kysely<Database>, userId: string, plan: PaidPlan, now: Date): Promise<boolean> {
  const ends = trialEnd(now);
  const result = await db
    .updateTable("users")
    .set({
      plan,
      stripeSubscriptionId: null,
      subscriptionStatus: "trialing",
      trialEndsAt: ends,
      currentPeriodEnd: ends,
      pastDueSince: null,
      trialWarningSentAt: null,
      trialUsedAt: now,
      updatedAt: now,
    })
    .where("id", "=", userId)
    .where("trialUsedAt", "is", null)
    .where((eb) =>
      eb.or([eb("plan", "=", "none"), eb("subscriptionStatus", "is", null), eb("subscriptionStatus", "in", ENDED_SUBSCRIPTION_STATUSES)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Local mode: changes a current local subscription (no Stripe id, a plan, a status not ended). False without one. */
async function updateCurrentLocalPlan(db: Kysely<Database>, userId: string, set: UserUpdate): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set(set)
    .where("id", "=", userId)
    .where("stripeSubscriptionId", "is", null)
    .where("plan", "!=", "none")
    .where("subscriptionStatus", "is not", null)
    .where("subscriptionStatus", "not in", ENDED_SUBSCRIPTION_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Local mode: changes the plan of a current local subscription (its trial end stays). False without one. */
export function switchLocalPlan(db: Kysely<Database>, userId: string, plan: PaidPlan, now: Date): Promise<boolean> {
  return updateCurrentLocalPlan(db, userId, { plan, updatedAt: now });
}

/** Local mode: ends a current local subscription now (the plan stays, shown as canceled). False without one. */
export function cancelLocalPlan(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  return updateCurrentLocalPlan(db, userId, { subscriptionStatus: "canceled", updatedAt: now });
}

export const TRIAL_WARNING_DAYS = 3;

/** Local trials past their end become canceled: no subscription followed them. Answers how many. */
export async function endLocalTrials(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable("users")
    .set({ subscriptionStatus: "canceled", updatedAt: now })
    .where("subscriptionStatus", "=", "trialing")
    .where("stripeSubscriptionId", "is", null)
    .where("trialEndsAt", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks the local trials ending within TRIAL_WARNING_DAYS whose warning has not gone out, and answers them. The
 * marking update takes each row once, whichever process gets there first; the caller queues the mails in the same
 * transaction, so a mail goes out exactly when its mark is kept. Each comes with the time zone the cook saved, if any.
 */
export function claimTrialWarnings(db: Kysely<Database>, now: Date) {
  return db
    .updateTable("users")
    .set({ trialWarningSentAt: now })
    .where("subscriptionStatus", "=", "trialing")
    .where("stripeSubscriptionId", "is", null)
    .where("trialWarningSentAt", "is", null)
    .where("trialEndsAt", ">", now)
    .where("trialEndsAt", "<=", sql<Date>`${now}::timestamptz + ${`${TRIAL_WARNING_DAYS} days`}::interval`)
    .returning((eb) => [
      "email",
      "firstName",
      "plan",
      "trialEndsAt",
      // The clock the cook saved (expiry mail, insights), to write the end on.
      eb.selectFrom("userSettings").select("timeZone").whereRef("userSettings.userId", "=", "users.id").as("timeZone"),
    ])
    .execute();
}
