import { z } from "zod";
import { KITCHEN_DATE_YEARS, isCalendarDate, isKitchenDate } from "../shared/dates";
import { storableText } from "../shared/text";
import { canonicalTimeZone, isTimeZone } from "../shared/time-zone";

/**
 * The browser's IANA time zone (Intl's resolvedOptions().timeZone): the cook's clock for dates and the morning mail.
 * Taken in the runtime's own spelling, so "europe/paris" and "Europe/Paris" are one zone wherever they go.
 */
const timeZoneInput = storableText("Time zone")
  .refine(isTimeZone, "Time zone must be an IANA time zone name such as Europe/Paris")
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

export const insightsInput = z.object({ timeZone: timeZoneInput });

/** Suggest meals for the week holding `week`, on the cook's clock. */
export const suggestInput = z.object({
  week: storableText("Week")
    .refine(isCalendarDate, "Week must be a date written yyyy-MM-dd")
    .refine(isKitchenDate, `Week must be a date ${KITCHEN_DATE_YEARS}`),
  timeZone: timeZoneInput,
});

export const expiryMailSettingsInput = z.object({
  expiryMail: z.boolean({ error: "expiryMail must be true or false" }),
  timeZone: timeZoneInput,
});

export const unsubscribeInput = z.object({
  token: storableText("Token").min(1, "Token is required").max(200, "Token must be at most 200 characters"),
});
