import type { Database } from "@kim/db";
import { canonicalTimeZone, PLAN_DETAILS, type Plan } from "@kim/domain";
import type { Kysely } from "kysely";
import { enqueueMail } from "../../lib/email";
import type { BackgroundJob } from "../feature";
import { claimTrialWarnings, endLocalTrials, TRIAL_WARNING_DAYS } from "./queries";

/**
 * The local trial mode's housekeeping: warns of trials ending within 3 days (each once: the mark and the mail are one
 * transaction, and a second process finds the row marked) and ends the trials that are over. Stripe ends its own.
 */
export async function runLocalTrialHousekeeping(
  db: Kysely<Database>,
  appUrl: string,
  now: Date,
): Promise<{ warned: number; ended: number }> {
  const warned = await db.transaction().execute(async (trx) => {
    const users = await claimTrialWarnings(trx, now);
    for (const user of users) await enqueueMail(trx, trialEndingMail(user, appUrl));
    return users.length;
  });
  const ended = await endLocalTrials(db, now);
  return { warned, ended };
}

/** Local trials are warned of and ended on an hourly round in every process (each warning claimed once). */
export const localTrialsJob: BackgroundJob = {
  name: "local trial housekeeping",
  everyMs: 60 * 60 * 1000,
  async run({ db, config, log, mailQueued }, now) {
    const trials = await runLocalTrialHousekeeping(db, config.appUrl, now);
    if (trials.warned > 0) mailQueued();
    log.info({ trials }, "local trial housekeeping");
  },
};

type WarnedTrial = { email: string; firstName: string | null; plan: Plan; trialEndsAt: Date | null; timeZone: string | null };

function trialEndingMail(user: WarnedTrial, appUrl: string) {
  const planName = user.plan === "none" ? "Kim" : `Kim ${PLAN_DETAILS[user.plan].name}`;
  const ends = user.trialEndsAt ? endsOn(user.trialEndsAt, user.timeZone) : `in ${TRIAL_WARNING_DAYS} days`;
  return {
    to: user.email,
    subject: `Your ${planName} trial ends in ${TRIAL_WARNING_DAYS} days`,
    text: [
      `Hi ${user.firstName?.trim() || "Chef"},`,
      "",
      `Your free trial of ${planName} ends on ${ends}.`,
      `Manage your subscription: ${appUrl}/profile`,
      "",
      "Kim",
    ].join("\n"),
  };
}

/**
 * "Sunday, December 20, 2026 at 10:31 PM (America/New_York)": on the cook's saved clock, else UTC, the zone named
 * either way. A saved zone the runtime no longer knows falls back to UTC rather than failing every warning in the round.
 */
function endsOn(instant: Date, savedZone: string | null): string {
  const timeZone = canonicalTimeZone(savedZone ?? "UTC") ?? "UTC";
  const text = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "full", timeStyle: "short" }).format(instant);
  return `${text} (${timeZone})`;
}
