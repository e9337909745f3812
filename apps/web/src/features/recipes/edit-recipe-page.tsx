import { Link } from "@tanstack/react-router";
import { ChefHat } from "lucide-react";
import { Button } from "@kim/ui/button";
import { useDeferredFirst } from "../../lib/deferred-first";
import { isBadRequestError, isNotFoundError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { RecipePhotoCard } from "./recipe-photo-card";
import { RecipeForm } from "./recipe-form";
import { RecipeFormHeader } from "./recipe-form-header";
import { formValuesFromRecipe } from "./recipe-form-values";
import { RecipeLoading, RecipeNotFound } from "./recipe-not-found";
import { useRecipeMutations } from "./use-recipe-mutations";

// Apart from the new-recipe page, which reads an import's link with zod: editing loads no zod before it draws.
/** /recipes/{id}: the same form, filled with the saved recipe. */
export function EditRecipePage({ id }: { id: string }) {
  const recipe = trpc.recipes.get.useQuery({ id });
  const { update } = useRecipeMutations();
  // The form draws in a background render once the recipe has come: drawn at once it was a long task on a phone.
  const data = useDeferredFirst(recipe.data, undefined);
  if (recipe.isError) {
    if (isNotFoundError(recipe.error) || isBadRequestError(recipe.error)) return <RecipeNotFound />;
    return (
      <p role="alert" className="text-destructive">
        Could not load this recipe: {recipe.error.message}
      </p>
    );
  }
  if (data === undefined) return <RecipeLoading />;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <RecipeFormHeader title="Edit Recipe">
        <Button asChild variant="outline">
          <Link to="/cooking/$id" params={{ id }}>
            <ChefHat aria-hidden="true" />
            Cook This
          </Link>
        </Button>
      </RecipeFormHeader>
      <RecipePhotoCard recipe={data} />
      <RecipeForm
        // A saved change is a new opening: the form starts again from what was saved.
        key={data.updatedAt}
        mode="edit"
        draftScope={`edit:${id}:${data.updatedAt}`}
        initialValues={formValuesFromRecipe(data)}
        pending={update.isPending}
        onSubmit={(input) => update.mutateAsync({ id, data: input })}
      />
    </div>
  );
}
