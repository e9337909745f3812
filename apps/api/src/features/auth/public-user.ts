import { hasProAccess } from "@kim/domain";
import type { UserRow } from "./queries";

/** The user as the client sees it: no secrets, plus the derived access flags (Pro access as of `now`). */
export function publicUser(user: UserRow, now: Date = new Date()) {
  return { ...user, hasProAccess: hasProAccess(user, now), isAdmin: user.role === "admin" };
}

export type PublicUser = ReturnType<typeof publicUser>;
