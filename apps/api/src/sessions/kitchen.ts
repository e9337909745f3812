import type { SessionUser } from "./sessions";

/**
 * Who acts on which kitchen (decision 0036): every read and change of inventory, recipes, plans, lists and stock
 * events is scoped by the household, and every change signed by the person (created_by, updated_by).
 */
export interface Kitchen {
  householdId: string;
  userId: string;
}

/** The signed-in user's kitchen, as the session read it. */
export function kitchenOf(user: Pick<SessionUser, "id" | "householdId">): Kitchen {
  return { householdId: user.householdId, userId: user.id };
}
