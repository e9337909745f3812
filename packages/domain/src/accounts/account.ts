import { z } from "zod";
import { PLANS, ROLES } from "../shared/enums";

// The users table's role, plan and subscription status; packages/db types its columns with these.
export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}` });
export type Role = z.infer<typeof roleSchema>;

const ALL_PLANS = ["none", ...PLANS] as const;
export const planSchema = z.enum(ALL_PLANS, { error: `Plan must be one of ${ALL_PLANS.join(", ")}` });
export type Plan = z.infer<typeof planSchema>;

// The statuses the app acts on and labels. The column itself is plain text holding Stripe's status as
// received, so others (incomplete, unpaid, paused) can be read back; the db types it as string for that reason.
const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES, {
  error: `Subscription status must be one of ${SUBSCRIPTION_STATUSES.join(", ")}`,
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
