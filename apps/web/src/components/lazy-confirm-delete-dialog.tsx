import { lazyDialog } from "../lib/lazy-dialog";
import type { ConfirmDeleteDialog } from "./confirm-delete-dialog";

/** Starts loading the confirm-delete dialog: call it when a delete looks near (a card pointed at or focused). */
export const preloadConfirmDelete = () => import("./confirm-delete-dialog");

/**
 * The confirm-delete dialog with its code, and the dialog library, loaded when first wanted rather than with the
 * page. lazyDialog drops the component's type parameter; the cast puts it back.
 */
export const LazyConfirmDeleteDialog = lazyDialog(
  () => preloadConfirmDelete().then((m) => m.ConfirmDeleteDialog),
  (props) => props.item !== null,
) as typeof ConfirmDeleteDialog;
