import { hasProAccess } from "@kim/domain";
import type { SessionUser } from "./sessions";

/** The user as the client sees it: no secrets, plus the derived access flags. */
export function publicUser(user: SessionUser) {
  return { ...user, hasProAccess: hasProAccess(user), isAdmin: user.role === "admin" };
}

export type PublicUser = ReturnType<typeof publicUser>;
