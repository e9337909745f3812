import { useEffect, useRef, type RefObject } from "react";

const FIELD =
  "input:not([type=hidden]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button[role=combobox]:not(:disabled)";

/**
 * A button disabled while its save is pending takes the focus with it: the browser hands it to the page's body, out
 * of the dialog that stays open after a failure (Tab and Escape no longer reach it). When the save is over and the
 * focus was lost so, it comes back inside `container`: to the field in error, else the first field, else the first
 * button (a confirm step's Cancel). A success closes the dialog, which unmounts `container` first.
 */
export function useFocusAfterPending(container: RefObject<HTMLElement | null>, pending: boolean): void {
  const wasPending = useRef(pending);
  useEffect(() => {
    const ended = wasPending.current && !pending;
    wasPending.current = pending;
    const root = container.current;
    if (!ended || !root || (document.activeElement !== document.body && document.activeElement !== null)) return;
    const target =
      root.querySelector<HTMLElement>("[aria-invalid=true]") ??
      root.querySelector<HTMLElement>(FIELD) ??
      root.querySelector<HTMLElement>("button:not(:disabled)");
    target?.focus();
  }, [container, pending]);
}
