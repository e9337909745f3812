import { useState } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { toast } from "@kim/ui/lib/use-toast";
import { LazyConfirmDeleteDialog } from "../../components/lazy-confirm-delete-dialog";
import { errorMessage } from "../../lib/form";
import { PhotoChooser } from "./photo-chooser";
import { RecipePhoto } from "./recipe-photo";
import type { Recipe } from "./recipe-types";
import { useRecipeMutations } from "./use-recipe-mutations";

const REMOVE = { label: "Remove", pending: "Removing..." };

/**
 * On the edit page, the recipe's own photo (the cook's, or one an imported collection brought): added or replaced from a
 * file, and removed after a confirm. Saved as it is chosen, apart from the form, whose typed changes stay as they are.
 */
export function RecipePhotoCard({ recipe }: { recipe: Recipe }) {
  const { keepPhoto, removePhoto } = useRecipeMutations();
  const [removing, setRemoving] = useState<Recipe | null>(null);
  const has = !!recipe.photoUrl;

  const send = (file: File) =>
    keepPhoto.mutateAsync({ id: recipe.id, file }).then(
      () => {
        toast({ title: "Photo saved" });
        return null;
      },
      (error: unknown) => errorMessage(error, "Please try again."),
    );

  return (
    <Card className="flex-row items-center gap-4 p-4" role="region" aria-label="Recipe photo">
      <RecipePhoto recipe={{ imageUrl: null, photoUrl: recipe.photoUrl }} className="w-28 shrink-0 rounded-md sm:w-40" />
      <div className="grid min-w-0 flex-1 justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          {has
            ? `The recipe's card and cooking mode show this photo${recipe.imageUrl ? ", in the place of the Image URL's picture" : ""}.`
            : "Add a photo of the dish for the recipe's card and cooking mode: a JPEG, PNG, WebP or GIF of up to 10 MB."}
        </p>
        <PhotoChooser
          label={keepPhoto.isPending ? "Saving photo..." : has ? "Replace photo" : "Add photo"}
          busy={keepPhoto.isPending}
          onChoose={send}
        >
          {has ? (
            <Button variant="outline" size="sm" onClick={() => setRemoving(recipe)}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          ) : null}
        </PhotoChooser>
      </div>
      <LazyConfirmDeleteDialog
        item={removing}
        title="Remove photo?"
        describe={() => "The photo will be removed from this recipe for everyone in your household. This cannot be undone."}
        action={REMOVE}
        pending={removePhoto.isPending}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={(r) => removePhoto.mutate({ id: r.id }, { onSuccess: () => setRemoving(null) })}
      />
    </Card>
  );
}
