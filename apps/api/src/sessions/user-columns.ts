import type { Database } from "@kim/db";
import type { Selection } from "kysely";

/** Every user column the app may show; passwords and reset tokens never leave the auth feature. */
export const userColumns = [
  "users.id",
  "users.email",
  "users.firstName",
  "users.lastName",
  "users.profileImageUrl",
  "users.role",
  "users.isPro",
  "users.isBetaTester",
  "users.plan",
  "users.subscriptionStatus",
  "users.trialEndsAt",
  "users.currentPeriodEnd",
  "users.pastDueSince",
  "users.trialUsedAt",
  "users.createdAt",
  "users.updatedAt",
] as const;

/** A user as `userColumns` read it. */
export type UserRow = Selection<Database, "users", (typeof userColumns)[number]>;
