import { Sparkles, TriangleAlert } from "lucide-react";
import { toast } from "@kim/ui/lib/use-toast";
import { errorMessage } from "../../lib/form";
import { NewRecipePhoto, useChosenPhoto } from "./new-recipe-photo";
import { RecipeForm } from "./recipe-form";
import { RecipeFormHeader } from "./recipe-form-header";
import { prefilledForm, type RecipePrefill } from "./recipe-form-values";
import { extractionFromPrefill, webAddress } from "./recipe-import";
import { useRecipeMutations } from "./use-recipe-mutations";

/**
 * /recipes/new: an empty form, or one prefilled from the link's parameters (spec: from extraction). Opened from an
 * import (the link names its page, or says it was a PDF), saving also sends what the import read, so the server can keep what was corrected.
 */
export function NewRecipePage({ prefill }: { prefill: RecipePrefill }) {
  const { create, keepPhoto } = useRecipeMutations();
  const [photo, choosePhoto] = useChosenPhoto();
  const { values, unreadable } = prefilledForm(prefill);
  const extraction = extractionFromPrefill(prefill);
  const source = extraction?.sourceUrl ? webAddress(extraction.sourceUrl) : null;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <RecipeFormHeader title="Create Recipe" />
      <NewRecipePhoto photo={photo} onChange={choosePhoto} />
      <RecipeForm
        mode="create"
        draftScope={`new:${JSON.stringify(prefill)}`}
        initialValues={values}
        notice={
          <>
            {extraction ? (
              <p role="status" className="flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm">
                <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 break-words">
                  Imported from{" "}
                  {source ? (
                    <a href={source.href} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-4">
                      {source.hostname}
                    </a>
                  ) : extraction.sourceType === "pdf" ? (
                    "a PDF"
                  ) : (
                    "a web page"
                  )}
                  . Check it, correct what the import got wrong, then save it.
                </span>
              </p>
            ) : null}
            {unreadable.length > 0 ? (
              <p role="status" className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
                <span>Some prefilled values could not be read and were left at their defaults: {unreadable.join(", ")}.</span>
              </p>
            ) : null}
          </>
        }
        pending={create.isPending || keepPhoto.isPending}
        onSubmit={async (input) => {
          const recipe = await create.mutateAsync(extraction ? { ...input, extraction } : input);
          // The recipe is saved whatever becomes of its photo: a refused photo is said, and added from its page.
          if (photo)
            await keepPhoto.mutateAsync({ id: recipe.id, file: photo.file }).catch((error: unknown) =>
              toast({
                title: "The recipe was saved without its photo",
                description: `${errorMessage(error, "Please try again.")} Add it from the recipe's page.`,
                variant: "destructive",
              }),
            );
          return recipe;
        }}
      />
    </div>
  );
}
