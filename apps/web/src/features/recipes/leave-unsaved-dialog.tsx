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

interface LeaveUnsavedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeave: () => void;
}

/** "Leave without saving?" when the cook leaves the recipe form with changes; closing it keeps them editing. */
export function LeaveUnsavedDialog({ open, onOpenChange, onLeave }: LeaveUnsavedDialogProps) {
  return (
    // Opened by a navigation the router holds (Back included): Back is the router's business here, not a dialog's.
    <AlertDialog open={open} onOpenChange={onOpenChange} closesOnBack={false}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            Your changes to this recipe are not saved. They stay as a draft in this tab: open the form again to finish them.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Editing</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "outline" })} onClick={onLeave}>
            Leave
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
