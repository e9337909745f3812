import type { Database } from "@kim/db";
import { endOfZonedDay, expiringForMail, expiryMailDue, expiryMailText, sentOnWhenTurnedOn } from "@kim/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../../config";
import { enqueueMail } from "../../lib/email";
import type { Context } from "../../trpc/context";
import type { BackgroundJob } from "../feature";
import {
  claimExpiryMailDay,
  expiryMailSettings,
  expiryMailSubscribers,
  saveExpiryMailSettings,
  stockExpiringFrom,
  turnOffExpiryMail,
} from "./queries";
import { unsubscribeToken, userOfToken } from "./token";

/** How often each process looks for mail that is due: a cook's mail leaves within this long after 08:00. */
const CHECK_EVERY_MS = 5 * 60 * 1000;

export async function readSettings(ctx: Context, userId: string) {
  const row = await expiryMailSettings(ctx.db, userId);
  return { expiryMail: row?.expiryMail ?? false, timeZone: row?.timeZone ?? null };
}

/** Turns the mail on or off and keeps the cook's clock. Turned on after 08:00, the first mail comes the next morning. */
export async function updateSettings(ctx: Context, userId: string, input: { expiryMail: boolean; timeZone: string }) {
  const current = await expiryMailSettings(ctx.db, userId);
  const lastSent = current?.expiryMailSentOn ?? null;
  const sentOn = input.expiryMail && !current?.expiryMail ? sentOnWhenTurnedOn(ctx.now(), input.timeZone, lastSent) : lastSent;
  await saveExpiryMailSettings(ctx.db, userId, { ...input, sentOn });
  return { expiryMail: input.expiryMail, timeZone: input.timeZone };
}

/** The signed-out unsubscribe link: a valid token turns the mail off; answers false for any other. */
export async function unsubscribe(ctx: Context, token: string): Promise<boolean> {
  const userId = userOfToken(ctx.config.mailLinkSecret, token);
  return !!userId && (await turnOffExpiryMail(ctx.db, userId));
}

/**
 * Queues the morning mail of every cook for whom it is due at `now` (from 08:00 to noon on their clock, none sent that
 * local day) and who has something expiring within 3 days. The day is claimed in the transaction that queues the
 * mail, so processes running this at once send each cook one mail a day; a day with nothing to say is claimed too,
 * so it is not looked at again. One cook's failure is logged and leaves the others' mail going. Answers how many
 * mails were queued.
 */
export async function sendExpiryMails(
  db: Kysely<Database>,
  config: Pick<Config, "appUrl" | "mailLinkSecret">,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<number> {
  let queued = 0;
  for (const cook of await expiryMailSubscribers(db)) {
    const sent = await queueIfDue(db, config, cook, now).catch((err: unknown) => {
      log?.warn({ err, userId: cook.userId }, "expiry mail failed for one cook");
      return false;
    });
    if (sent) queued++;
  }
  return queued;
}

/**
 * When the mail is due, claims the cook's day and queues their mail in one transaction; false when not due, another
 * process had it or nothing expires. The due check is in here, under the caller's per-cook guard, because a saved zone
 * the runtime no longer knows throws there.
 */
async function queueIfDue(
  db: Kysely<Database>,
  config: Pick<Config, "appUrl" | "mailLinkSecret">,
  cook: { userId: string; householdId: string; email: string; timeZone: string | null; expiryMailSentOn: string | null },
  now: Date,
): Promise<boolean> {
  const timeZone = cook.timeZone ?? "UTC";
  const date = expiryMailDue(now, timeZone, cook.expiryMailSentOn);
  if (!date) return false;
  return db.transaction().execute(async (trx) => {
    if (!(await claimExpiryMailDay(trx, cook.userId, date))) return false;
    const items = expiringForMail(await stockExpiringFrom(trx, cook.householdId, date), date);
    if (items.length === 0) return false;
    const token = unsubscribeToken(config.mailLinkSecret, cook.userId);
    const mail = expiryMailText(items, {
      inventory: `${config.appUrl}/inventory`,
      unsubscribe: `${config.appUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    // "Expires today" is wrong tomorrow: a mail still unsent at the cook's midnight is dropped, not sent late.
    await enqueueMail(trx, { to: cook.email, ...mail }, { sendBy: endOfZonedDay(date, timeZone) });
    return true;
  });
}

/** Looks for due expiry mail every few minutes in every process; the claim keeps it to one mail a cook a day. */
export const expiryMailJob: BackgroundJob = {
  name: "expiry mail",
  everyMs: CHECK_EVERY_MS,
  async run({ db, config, log, mailQueued }, now) {
    const count = await sendExpiryMails(db, config, now, log);
    if (count === 0) return;
    log.info({ count }, "expiry mail queued");
    mailQueued();
  },
};
