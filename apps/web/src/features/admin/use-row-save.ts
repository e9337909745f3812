import { useState } from "react";

/**
 * One control of a user row while its save runs. It shows the admin's choice at once, not the value the list still
 * holds, and `saving` marks it busy. A refused save lets go of the choice, so the control falls back to what the
 * server holds (its toast says why); a save that went through lets go once its answer is in the list and the list is
 * refetched (the mutation's onSuccess does both), so the control never flashes back to the old value. Changes made
 * meanwhile are ignored.
 */
export function useRowSave<T>(saved: T, send: (value: T) => Promise<unknown>) {
  const [choice, setChoice] = useState<{ value: T } | null>(null);
  const save = (value: T) => {
    if (choice) return;
    setChoice({ value });
    // A refusal is toasted by the mutation's onError.
    void send(value)
      .catch(() => {})
      .finally(() => setChoice(null));
  };
  const saving = choice !== null;
  // Not `disabled`: a disabled control drops the focus to the page's body, and the admin's keyboard loses its place.
  const busy = saving ? { "aria-busy": true, "aria-disabled": true } : {};
  return { value: choice ? choice.value : saved, saving, busy, save };
}
