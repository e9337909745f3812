import { useCallback, useEffect, useRef, useState } from "react";
import { holdBackForDialog } from "./dialog-history";

interface OpenState {
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** False for a dialog that is part of a navigation (the router's "leave?" prompt): Back is the router's then. */
  closesOnBack?: boolean | undefined;
}

/**
 * The open state of a dialog root (controlled or not), with Back closing it while it is open (dialog-history.ts). Back
 * closes it as Escape or a tap outside does: through `onOpenChange(false)`, which the dialog may refuse (while it saves).
 */
export function useBackCloses({ open, defaultOpen, onOpenChange, closesOnBack = true }: OpenState) {
  const [own, setOwn] = useState(defaultOpen ?? false);
  const isOpen = open ?? own;
  const controlled = open !== undefined;
  const change = useCallback(
    (next: boolean) => {
      if (!controlled) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  const latest = useRef(change);
  useEffect(() => {
    latest.current = change;
  }, [change]);
  useEffect(() => {
    if (!isOpen || !closesOnBack) return;
    return holdBackForDialog(() => latest.current(false));
  }, [isOpen, closesOnBack]);
  return { open: isOpen, onOpenChange: change };
}
