import { toast } from "@kim/ui/lib/use-toast";
import { keyed, useKeyedMutation } from "../../lib/keyed-mutation";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

/**
 * inventory.create/update/delete with the spec's toasts, each sent with its intent's idempotency key; each refreshes the
 * inventory list and the dashboard's counts.
 */
export function useIngredientMutations() {
  const utils = trpc.useUtils();
  const refreshList = () => Promise.all([utils.inventory.list.invalidate(), utils.inventory.summary.invalidate()]);

  const create = useKeyedMutation(keyed(utils.client.inventory.create.mutate), {
    onSuccess: () => {
      toast({ title: "Ingredient added successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to add ingredient"),
  });
  const update = useKeyedMutation(keyed(utils.client.inventory.update.mutate), {
    onSuccess: () => {
      toast({ title: "Ingredient updated successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to update ingredient"),
  });
  const remove = useKeyedMutation(keyed(utils.client.inventory.delete.mutate), {
    onSuccess: () => {
      toast({ title: "Ingredient deleted successfully" });
      return refreshList();
    },
    onError: failureToast("Failed to delete ingredient"),
  });

  return { create, update, remove };
}
