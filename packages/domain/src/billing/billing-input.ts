import { z } from "zod";
import { PLANS } from "../shared/enums";
import { TRIAL_DAYS } from "./plans";

/** POST /api/stripe/create-checkout-session, and the local manage page's plan switch. */
export const checkoutInput = z.object({
  plan: z.enum(PLANS, { error: `Plan must be one of ${PLANS.join(", ")}` }),
});

/** The end of a trial that starts at `start`. */
export function trialEnd(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}
