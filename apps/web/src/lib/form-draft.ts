import { useEffect, useRef, useState } from "react";

/**
 * Unsaved form input kept across a lost session. While a form is open it registers a snapshot of what was typed;
 * when the session ends unexpectedly (a call answers Unauthorized), every open form's snapshot goes to
 * sessionStorage before the redirect to the login screen, and the same form picks it up when it opens again for the
 * same user. Nothing is stored while the session is fine.
 */

const STORAGE_PREFIX = "kim:draft:";

interface StoredDraft {
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
      sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(snapshot()));
    } catch {
      // Storage full or blocked: the draft is lost, as it would have been before.
    }
  }
}

function takeDraft<T>(key: string, userId: string, scope: string, parse: (raw: unknown) => T | null): T | null {
  try {
    const text = sessionStorage.getItem(STORAGE_PREFIX + key);
    if (!text) return null;
    const stored: unknown = JSON.parse(text);
    if (typeof stored !== "object" || stored === null) return null;
    if (!("userId" in stored) || stored.userId !== userId || !("scope" in stored) || stored.scope !== scope) return null;
    return "values" in stored ? parse(stored.values) : null;
  } catch {
    return null;
  }
}

function forgetDraft(key: string): void {
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

/**
 * The input a form held when the session was lost, for the same form, user and scope; null otherwise.
 * Use it as the form's initial state. Read once per mount.
 */
export function useRestoredDraft<T>({ key, userId, scope }: FormDraftKey, parse: (raw: unknown) => T | null): T | null {
  const [restored] = useState(() => takeDraft(key, userId, scope, parse));
  useEffect(() => {
    // Taken once: a later visit starts clean unless the session is lost again.
    forgetDraft(key);
  }, [key]);
  return restored;
}

/** While mounted, the form's current input is what a lost session saves (see saveOpenDrafts). */
export function useKeepDraft<T>({ key, userId, scope }: FormDraftKey, values: T): void {
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  useEffect(() => {
    openForms.set(key, () => ({ userId, scope, values: latest.current }));
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
