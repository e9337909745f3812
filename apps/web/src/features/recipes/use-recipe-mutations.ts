import { toast } from "@kim/ui/lib/use-toast";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

/**
 * recipes.create/update/delete with the spec's toasts. Each refreshes the list and the dashboard's count; an update
 * or delete also drops the one recipe it changed, so cooking mode and the form never show it stale.
 */
export function useRecipeMutations() {
  const utils = trpc.useUtils();
  const refreshList = () => Promise.all([utils.recipes.list.invalidate(), utils.recipes.count.invalidate()]);

  const create = trpc.recipes.create.useMutation({
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

  return { create, update, remove };
}
