const KEY = "kim:first-visit";

/**
 * Marks the account that just signed up (or signed in for the first time from its invitation) in this tab, so the
 * dashboard greets it with "Welcome" rather than "Welcome back". Kept for the tab's session; storage may be off.
 */
export function markFirstVisit(userId: string): void {
  try {
    sessionStorage.setItem(KEY, userId);
  } catch {
    // Private modes may refuse storage: the greeting then says "Welcome back", as before.
  }
}

/** A later sign-in in this tab is a return. */
export function clearFirstVisit(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See markFirstVisit.
  }
}

export function isFirstVisit(userId: string | undefined): boolean {
  try {
    return !!userId && sessionStorage.getItem(KEY) === userId;
  } catch {
    return false;
  }
}
