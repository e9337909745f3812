import { hasProAccess } from "@kim/domain";
import type { UserRow } from "./queries";

/** The user as the client sees it: no secrets, plus the derived access flags. */
export function publicUser(user: UserRow) {
  return { ...user, hasProAccess: hasProAccess(user), isAdmin: user.role === "admin" };
}

export type PublicUser = ReturnType<typeof publicUser>;
