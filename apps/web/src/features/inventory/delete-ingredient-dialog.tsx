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
import type { Ingredient } from "./ingredient-form-values";

interface DeleteIngredientDialogProps {
  ingredient: Ingredient | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (ingredient: Ingredient) => void;
}

export function DeleteIngredientDialog({ ingredient, pending, onOpenChange, onConfirm }: DeleteIngredientDialogProps) {
  return (
    <AlertDialog open={ingredient !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete ingredient?</AlertDialogTitle>
          <AlertDialogDescription>
            {ingredient ? `${ingredient.name} will be removed from your inventory. This cannot be undone.` : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers; the page closes it on success.
              event.preventDefault();
              if (ingredient) onConfirm(ingredient);
            }}
          >
            {pending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
