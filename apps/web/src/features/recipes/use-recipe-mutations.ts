import { useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import type { RecipeInput } from "@kim/domain";
import { toast } from "@kim/ui/lib/use-toast";
import { errorMessage } from "../../lib/form";
import { keyed, useKeyedMutation } from "../../lib/keyed-mutation";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { uploadRecipePhoto } from "./recipe-photo-upload";

/**
 * recipes.create/update/delete with the spec's toasts (a create sent with its intent's idempotency key), and a photo
 * kept or removed with their own. Each refreshes the list and the dashboard's count; an update, a photo or a delete
 * also sets or drops the one recipe it changed, so cooking mode and the form never show it stale. A photo kept says so
 * where it was sent from (its card, or the new recipe's save); its refusal shows beside the button that sent it.
 */
export function useRecipeMutations() {
  const utils = trpc.useUtils();
  const refreshList = () => Promise.all([utils.recipes.list.invalidate(), utils.recipes.count.invalidate()]);

  const create = useKeyedMutation(keyed(utils.client.recipes.create.mutate), {
    onSuccess: () => {
      toast({ title: "Recipe created successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to create recipe"),
  });
  const update = trpc.recipes.update.useMutation({
    onSuccess: (recipe) => {
      toast({ title: "Recipe updated successfully" });
      utils.recipes.get.setData({ id: recipe.id }, recipe);
      return refreshList();
    },
    onError: failureToast("Failed to update recipe"),
  });
  const remove = trpc.recipes.delete.useMutation({
    onSuccess: ({ id }) => {
      toast({ title: "Recipe deleted" });
      utils.recipes.get.setData({ id }, undefined);
      return refreshList();
    },
    onError: failureToast("Failed to delete recipe"),
  });

  const removePhoto = trpc.recipes.removePhoto.useMutation({
    onSuccess: (recipe) => {
      toast({ title: "Photo removed" });
      utils.recipes.get.setData({ id: recipe.id }, recipe);
      return refreshList();
    },
    onError: failureToast("Failed to remove photo"),
  });

  const keepPhoto = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadRecipePhoto(id, file),
    onSuccess: (recipe) => {
      utils.recipes.get.setData({ id: recipe.id }, recipe);
      return refreshList();
    },
  });

  return { create, update, remove, removePhoto, keepPhoto };
}

interface ImportAll<T> {
  recipes: { key: T; input: RecipeInput }[];
  /** Called as each recipe is saved, so a retry after a failure leaves out what was already saved. */
  onSaved: (key: T) => void;
}

/**
 * Import All: saves each recipe with recipes.create, one after another (in the page's order, and no burst of requests),
 * then toasts how many and refreshes the list. A failure stops there; the toast says how many were saved before it.
 * Each recipe goes with its own idempotency key, kept until it is saved: a double click or a retry saves none twice.
 */
export function useImportRecipes<T>() {
  const utils = trpc.useUtils();
  const saved = useRef(0);
  return useKeyedMutation(
    async ({ recipes, onSaved }: ImportAll<T>, keys) => {
      saved.current = 0;
      for (const { key, input } of recipes) {
        await keys.send(input, (options) => utils.client.recipes.create.mutate(input, options));
        saved.current += 1;
        onSaved(key);
      }
      return recipes.length;
    },
    {
      onSuccess: (count) => toast({ title: `Successfully imported ${count} ${count === 1 ? "recipe" : "recipes"}!` }),
      onError: (error, { recipes }) => {
        const message = errorMessage(error, "Please try again.");
        toast({
          title: "Failed to import recipes",
          description: saved.current > 0 ? `${saved.current} of ${recipes.length} were imported before this: ${message}` : message,
          variant: "destructive",
        });
      },
      onSettled: () => Promise.all([utils.recipes.list.invalidate(), utils.recipes.count.invalidate()]),
    },
  );
}
