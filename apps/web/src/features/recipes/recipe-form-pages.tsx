import { Link } from "@tanstack/react-router";
import { ArrowLeft, ChefHat, Sparkles, TriangleAlert } from "lucide-react";
import { Button } from "@kim/ui/button";
import { isBadRequestError, isNotFoundError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { RecipeForm } from "./recipe-form";
import { formValuesFromRecipe, prefilledForm, type RecipePrefill } from "./recipe-form-values";
import { extractionFromPrefill, webAddress } from "./recipe-import";
import { RecipeLoading, RecipeNotFound } from "./recipe-not-found";
import { useRecipeMutations } from "./use-recipe-mutations";

function FormHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <Link to="/recipes" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Recipes
        </Link>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
      </div>
      {children}
    </div>
  );
}

/**
 * /recipes/new: an empty form, or one prefilled from the link's parameters (spec: from extraction). Opened from an
 * import (the link names its page, or says it was a PDF), saving also sends what the import read, so the server can keep what was corrected.
 */
export function NewRecipePage({ prefill }: { prefill: RecipePrefill }) {
  const { create } = useRecipeMutations();
  const { values, unreadable } = prefilledForm(prefill);
  const extraction = extractionFromPrefill(prefill);
  const source = extraction?.sourceUrl ? webAddress(extraction.sourceUrl) : null;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <FormHeader title="Create Recipe" />
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
        pending={create.isPending}
        onSubmit={(input) => create.mutateAsync(extraction ? { ...input, extraction } : input)}
      />
    </div>
  );
}

/** /recipes/{id}: the same form, filled with the saved recipe. */
export function EditRecipePage({ id }: { id: string }) {
  const recipe = trpc.recipes.get.useQuery({ id });
  const { update } = useRecipeMutations();
  if (recipe.isPending) return <RecipeLoading />;
  if (recipe.isError) {
    if (isNotFoundError(recipe.error) || isBadRequestError(recipe.error)) return <RecipeNotFound />;
    return (
      <p role="alert" className="text-destructive">
        Could not load this recipe: {recipe.error.message}
      </p>
    );
  }
  const data = recipe.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <FormHeader title="Edit Recipe">
        <Button asChild variant="outline">
          <Link to="/cooking/$id" params={{ id }}>
            <ChefHat aria-hidden="true" />
            Cook This
          </Link>
        </Button>
      </FormHeader>
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
