import { useState } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { LazyConfirmDeleteDialog } from "../../components/lazy-confirm-delete-dialog";
import { RecipePhoto } from "./recipe-photo";
import type { Recipe } from "./recipe-types";
import { useRecipeMutations } from "./use-recipe-mutations";

const REMOVE = { label: "Remove", pending: "Removing..." };

/** On the edit page, the photo an imported collection brought for the recipe, with the way to remove it. */
export function KeptPhoto({ recipe }: { recipe: Recipe }) {
  const { removePhoto } = useRecipeMutations();
  const [removing, setRemoving] = useState<Recipe | null>(null);
  if (!recipe.photoUrl) return null;
  return (
    <Card className="flex-row items-center gap-4 p-4">
      <RecipePhoto recipe={{ imageUrl: null, photoUrl: recipe.photoUrl }} className="w-28 shrink-0 rounded-md sm:w-40" />
      <div className="grid min-w-0 flex-1 justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          This photo came with an imported collection. The recipe&apos;s card and cooking mode show it when the Image URL is empty or
          can&apos;t be loaded.
        </p>
        <Button variant="outline" size="sm" onClick={() => setRemoving(recipe)}>
          <Trash2 aria-hidden="true" />
          Remove photo
        </Button>
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
