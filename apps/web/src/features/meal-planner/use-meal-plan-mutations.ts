import { toast } from "@kim/ui/lib/use-toast";
import { isNotFoundError } from "../../lib/errors";
import { keyed, useKeyedMutation } from "../../lib/keyed-mutation";
import { refetchAfterChange } from "../../lib/refetch-after-change";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

/** mealPlans.create (sent with its intent's idempotency key)/delete with the spec's toasts; each refreshes the planner's weeks. */
export function useMealPlanMutations() {
  const utils = trpc.useUtils();
  // Each week is its own read: one on its way (a week just opened) may have read before the change.
  const refreshWeeks = () => refetchAfterChange(utils.mealPlans.list);

  const add = useKeyedMutation(keyed(utils.client.mealPlans.create.mutate), {
    onSuccess: () => {
      toast({ title: "Meal added to planner" });
      return refreshWeeks();
    },
    onError: (error) => {
      failureToast("Failed to add meal")(error);
      // A full slot or a deleted recipe means another tab changed things: show what is there now.
      void refreshWeeks();
      if (isNotFoundError(error)) void utils.recipes.list.invalidate();
    },
  });
  const remove = trpc.mealPlans.delete.useMutation({
    onSuccess: () => {
      toast({ title: "Meal removed from planner" });
      return refreshWeeks();
    },
    onError: (error) => {
      failureToast("Failed to remove meal")(error);
      void refreshWeeks();
    },
  });

  return { add, remove };
}
