import { useEffect, useRef, useState } from "react";

/**
 * Unsaved form input kept across a lost session, and for forms that ask for it, across leaving the page. While a form
 * is open it registers a snapshot of what was typed; when the session ends unexpectedly (a call answers
 * Unauthorized), every open form's snapshot goes to sessionStorage before the redirect to the login screen, and the
 * same form picks it up when it opens again for the same user. A form that keeps its unsaved work (useKeepDraft's
 * `unsaved`) also writes it there as it changes, so Back, a reload or a closed page does not lose it in this tab.
 */

const STORAGE_PREFIX = "kim:draft:";

/** Why a draft was kept: the session ended, or the cook left the form with changes not saved. */
export type DraftReason = "session" | "unsaved";

interface StoredDraft {
  reason: DraftReason;
  userId: string;
  /** Identifies what the form was opened for (e.g. the ingredient being edited); a draft for another opening is ignored. */
  scope: string;
  values: unknown;
}

const openForms = new Map<string, () => StoredDraft>();

/** Writes the input of every open form to sessionStorage; called when the session is found to be gone. */
export function saveOpenDrafts(): void {
  for (const [key, snapshot] of openForms) {
    try {
      sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify({ ...snapshot(), reason: "session" }));
    } catch {
      // Storage full or blocked: the draft is lost, as it would have been before.
    }
  }
}

function takeDraft<T>(key: string, userId: string, scope: string, parse: (raw: unknown) => T | null): RestoredDraft<T> | null {
  try {
    const text = sessionStorage.getItem(STORAGE_PREFIX + key);
    if (!text) return null;
    const stored: unknown = JSON.parse(text);
    if (typeof stored !== "object" || stored === null) return null;
    if (!("userId" in stored) || stored.userId !== userId || !("scope" in stored) || stored.scope !== scope) return null;
    const values = "values" in stored ? parse(stored.values) : null;
    if (values === null) return null;
    return { values, reason: "reason" in stored && stored.reason === "unsaved" ? "unsaved" : "session" };
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: StoredDraft): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft is lost, as it would have been before.
  }
}

/** Forgets a form's kept draft: it was saved, or the cook discarded it. */
export function forgetDraft(key: string): void {
  try {
    sessionStorage.removeItem(STORAGE_PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}

export interface FormDraftKey {
  /** One per form, e.g. "ingredient" or "profile". */
  key: string;
  /** The signed-in user: a draft never reaches another account. */
  userId: string;
  /** What this opening of the form is for, e.g. "add" or "edit:{original values}". */
  scope: string;
}

export interface RestoredDraft<T> {
  values: T;
  reason: DraftReason;
}

/**
 * The input a form held when the session was lost (or, for a form that keeps it, when it was left unsaved), for the
 * same form, user and scope, and why it was kept; null otherwise. Use it as the form's initial state. Read once per
 * mount; a draft of another scope stays for its own form.
 */
export function useRestoredWork<T>({ key, userId, scope }: FormDraftKey, parse: (raw: unknown) => T | null): RestoredDraft<T> | null {
  const [restored] = useState(() => takeDraft(key, userId, scope, parse));
  useEffect(() => {
    // Taken once: a later visit starts clean unless the session is lost again (or the form keeps it again).
    if (restored) forgetDraft(key);
  }, [key, restored]);
  return restored;
}

/** The values of useRestoredWork, for forms that need not say why. */
export function useRestoredDraft<T>(draft: FormDraftKey, parse: (raw: unknown) => T | null): T | null {
  return useRestoredWork(draft, parse)?.values ?? null;
}

/**
 * While mounted, the form's current input is what a lost session saves (see saveOpenDrafts). With `unsaved`
 * (the input differs from what is saved), it is also kept in sessionStorage as it changes, and forgotten once it no
 * longer differs.
 */
export function useKeepDraft<T>({ key, userId, scope }: FormDraftKey, values: T, unsaved = false): void {
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  useEffect(() => {
    if (unsaved) writeDraft(key, { reason: "unsaved", userId, scope, values });
  }, [key, userId, scope, values, unsaved]);
  const wasUnsaved = useRef(unsaved);
  useEffect(() => {
    if (wasUnsaved.current && !unsaved) forgetDraft(key);
    wasUnsaved.current = unsaved;
  }, [key, unsaved]);
  useEffect(() => {
    openForms.set(key, () => ({ reason: "session", userId, scope, values: latest.current }));
    return () => {
      openForms.delete(key);
    };
  }, [key, userId, scope]);
}

/** A string field of stored JSON, or null; for `parse`. */
export function stringField(raw: unknown, key: string): string | null {
  if (typeof raw !== "object" || raw === null) return null;
  const value: unknown = Reflect.get(raw, key);
  return typeof value === "string" ? value : null;
}
