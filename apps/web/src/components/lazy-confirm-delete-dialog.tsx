import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../lib/use-opened-once";
import type { ConfirmDeleteDialog as ConfirmDeleteDialogType, ConfirmDeleteDialogProps } from "./confirm-delete-dialog";

/** Starts loading the confirm-delete dialog: call it when a delete looks near (a card pointed at or focused). */
export const preloadConfirmDelete = () => import("./confirm-delete-dialog");

// lazy() drops the component's type parameter; the cast puts it back.
const ConfirmDeleteDialog = lazy(() =>
  preloadConfirmDelete().then((m) => ({ default: m.ConfirmDeleteDialog })),
) as unknown as typeof ConfirmDeleteDialogType;

/**
 * The confirm-delete dialog with its code, and the dialog library, loaded when first wanted rather than with the
 * page. Mounted from its first opening on, so closing keeps its animation and focus handling.
 */
export function LazyConfirmDeleteDialog<T>(props: ConfirmDeleteDialogProps<T>) {
  const used = useOpenedOnce(props.item !== null);
  return used ? (
    <Suspense fallback={null}>
      <ConfirmDeleteDialog {...props} />
    </Suspense>
  ) : null;
}
