import { hasProAccess } from "@kim/domain";
import type { UserRow } from "./queries";

/** The user as the client sees it: no secrets or internal counters, plus the derived access flags. */
export function publicUser(user: UserRow & { inventoryVersion?: number }) {
  const { inventoryVersion: _internal, ...visible } = user;
  return { ...visible, hasProAccess: hasProAccess(user), isAdmin: user.role === "admin" };
}

export type PublicUser = ReturnType<typeof publicUser>;
