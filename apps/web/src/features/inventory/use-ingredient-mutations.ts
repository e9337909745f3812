import { toast } from "@kim/ui/lib/use-toast";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

/** inventory.create/update/delete with the spec's toasts; each refreshes the inventory list and the dashboard's counts. */
export function useIngredientMutations() {
  const utils = trpc.useUtils();
  const refreshList = () => Promise.all([utils.inventory.list.invalidate(), utils.inventory.summary.invalidate()]);

  const create = trpc.inventory.create.useMutation({
    onSuccess: () => {
      toast({ title: "Ingredient added successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to add ingredient"),
  });
  const update = trpc.inventory.update.useMutation({
    onSuccess: () => {
      toast({ title: "Ingredient updated successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to update ingredient"),
  });
  const remove = trpc.inventory.delete.useMutation({
    onSuccess: () => {
      toast({ title: "Ingredient deleted successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to delete ingredient"),
  });

  return { create, update, remove };
}
