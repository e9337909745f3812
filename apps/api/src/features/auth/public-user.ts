import { hasProAccess } from "@kim/domain";
import type { UserRow } from "../../sessions/user-columns";

/**
 * The user as the client sees it: no secrets, plus the derived access flags (Pro access as of `now`). A session's user
 * also carries the session's expiry and its household's list versions (see sessions.ts), which are not part of the user.
 */
export function publicUser(user: UserRow & { expire?: Date; listVersions?: unknown }, now: Date = new Date()) {
  const { expire: _sessionExpiry, listVersions: _listVersions, ...shown } = user;
  return { ...shown, hasProAccess: hasProAccess(user, now), isAdmin: user.role === "admin" };
}

export type PublicUser = ReturnType<typeof publicUser>;
