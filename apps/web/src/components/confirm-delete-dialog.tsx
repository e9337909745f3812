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

interface ConfirmDeleteDialogProps<T> {
  /** What is about to be deleted; the dialog is open while this is set. */
  item: T | null;
  title: string;
  describe: (item: T) => string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (item: T) => void;
}

/** The confirm step before a delete; it stays open, its buttons disabled, until the server answers. */
export function ConfirmDeleteDialog<T>({ item, title, describe, pending, onOpenChange, onConfirm }: ConfirmDeleteDialogProps<T>) {
  const contentRef = useRef<HTMLDivElement>(null);
  useFocusAfterPending(contentRef, pending);
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent ref={contentRef}>
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
              if (item !== null) onConfirm(item);
            }}
          >
            {pending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
