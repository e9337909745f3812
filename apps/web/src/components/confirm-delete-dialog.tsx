import { useRef } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@kim/ui/alert-dialog";
import { buttonVariants } from "@kim/ui/button";
import { useFocusAfterPending } from "../lib/focus-after-pending";
import { focusInPlace, removeButtonPosition } from "../lib/focus-in-place";
import { MAIN_CONTENT_ID } from "./skip-link";

interface ConfirmDeleteDialogProps<T> {
  /** What is about to be deleted; the dialog is open while this is set. */
  item: T | null;
  title: string;
  describe: (item: T) => string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (item: T) => void;
  /** The confirm button's words, and its words while the server answers. */
  action?: { label: string; pending: string };
}

/** How long a deleted row may take to leave the page (the list's refetch) before its focus is no longer moved. */
const ROW_LEAVES_MS = 10_000;

/**
 * Once the deleted row's button has left the page (the list may redraw after the dialog has closed), focus goes to
 * the button in its place, else the last row's, else the page's content, rather than falling to the page body.
 */
function focusAfterDelete(button: Element, position: number): void {
  const focusNeighbour = () => focusInPlace(document, position, document.getElementById(MAIN_CONTENT_ID));
  if (!button.isConnected) return focusNeighbour();
  if (button instanceof HTMLElement) button.focus();
  const observer = new MutationObserver(() => {
    if (button.isConnected) return;
    stop();
    // Unless the cook has moved on meanwhile.
    if (document.activeElement === document.body) focusNeighbour();
  });
  // A row that stays (the list not read again, a delete waiting offline) stops the watch: focus must not jump later.
  const giveUp = window.setTimeout(() => stop(), ROW_LEAVES_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(giveUp);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * The confirm step before a delete; it stays open, its buttons disabled, until the server answers. Opened from a row's
 * remove button (focus-in-place), a confirmed delete gives focus to its neighbour.
 */
const DELETE = { label: "Delete", pending: "Deleting..." };

export function ConfirmDeleteDialog<T>({
  item,
  title,
  describe,
  pending,
  onOpenChange,
  onConfirm,
  action = DELETE,
}: ConfirmDeleteDialogProps<T>) {
  const contentRef = useRef<HTMLDivElement>(null);
  useFocusAfterPending(contentRef, pending);
  const opener = useRef<Element | null>(null);
  const deleted = useRef<{ button: Element; position: number } | null>(null);
  return (
    <AlertDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (pending) return;
        // Closed by the cook (Cancel, Escape), after a failed delete too: the row stays, and so does the usual focus.
        deleted.current = null;
        onOpenChange(open);
      }}
    >
      <AlertDialogContent
        ref={contentRef}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          const removed = deleted.current;
          deleted.current = null;
          if (!removed) return;
          event.preventDefault();
          focusAfterDelete(removed.button, removed.position);
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{item !== null ? describe(item) : null}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers; the page closes it on success.
              event.preventDefault();
              if (item === null) return;
              const button = opener.current;
              const position = button ? removeButtonPosition(document, button) : -1;
              deleted.current = button && position >= 0 ? { button, position } : null;
              onConfirm(item);
            }}
          >
            {pending ? action.pending : action.label}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
