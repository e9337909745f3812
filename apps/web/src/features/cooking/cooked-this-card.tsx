import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { CookingPot, Undo2 } from "lucide-react";
import { formatAmount, notTakenText } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { toast } from "@kim/ui/lib/use-toast";
import { keyed, useKeyedMutation } from "../../lib/keyed-mutation";
import { failureToast } from "../../lib/toasts";
import { trpc, type RouterOutputs } from "../../lib/trpc";

type Cooked = RouterOutputs["mealPlans"]["cook"];

interface CookedThisCardProps {
  recipeId: string;
  /** The servings being cooked: what leaves the inventory is scaled to them. */
  servings: number;
}

/**
 * "I cooked this": the recipe's ingredients leave the inventory, with what changed shown and an undo; both sent with their
 * intent's idempotency key, so a double click takes or restores once.
 */
export function CookedThisCard({ recipeId, servings }: CookedThisCardProps) {
  const utils = trpc.useUtils();
  const [cooked, setCooked] = useState<Cooked | null>(null);
  const taken = cooked?.taken ?? null;
  const refreshInventory = () => Promise.all([utils.inventory.list.invalidate(), utils.inventory.summary.invalidate()]);

  const cook = useKeyedMutation(keyed(utils.client.mealPlans.cook.mutate), {
    onSuccess: (result) => {
      const { taken } = result;
      setCooked(result);
      toast({
        title: taken.length > 0 ? "Inventory updated" : "Nothing taken from your inventory",
        description: taken.length > 0 ? `${taken.length} ${taken.length === 1 ? "item" : "items"} used for this recipe.` : undefined,
      });
      return refreshInventory();
    },
    onError: failureToast("Failed to update inventory"),
  });
  const undo = useKeyedMutation(keyed(utils.client.mealPlans.restock.mutate), {
    onSuccess: () => {
      setCooked(null);
      toast({ title: "Inventory restored" });
      return refreshInventory();
    },
    onError: failureToast("Failed to restore inventory"),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Done cooking?</h2>
        </CardTitle>
        <CardDescription>
          Take what {servings} {servings === 1 ? "serving uses" : "servings use"} from your inventory, soonest to expire first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {taken === null ? (
          <Button className="justify-self-start" disabled={cook.isPending} onClick={() => cook.mutate({ recipeId, servings })}>
            <CookingPot aria-hidden="true" />
            {cook.isPending ? "Updating inventory..." : "I cooked this"}
          </Button>
        ) : (
          <div role="status" className="grid gap-3">
            {taken.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing in your{" "}
                <Link to="/inventory" className="underline">
                  inventory
                </Link>{" "}
                matched this recipe's ingredients.
              </p>
            ) : (
              <>
                <p className="text-sm font-medium">Taken from your inventory:</p>
                <ul className="grid gap-1 text-sm" aria-label="Taken from your inventory">
                  {taken.map((item) => (
                    <li key={item.id} className="flex justify-between gap-4">
                      <span className="min-w-0 break-words">{item.name}</span>
                      <span className="shrink-0 text-muted-foreground tabular-nums">
                        {formatAmount(item.before, item.unit)} → {formatAmount(item.after, item.unit)}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {cooked && cooked.notTaken.length > 0 ? (
              <>
                <p className="text-sm font-medium">Could not take from your inventory:</p>
                <ul className="grid gap-1 text-sm" aria-label="Could not take from your inventory">
                  {cooked.notTaken.map((item) => (
                    <li key={`${item.name} ${item.unit}`} className="break-words">
                      <span className="font-medium">{item.name}</span>: <span className="text-muted-foreground">{notTakenText(item)}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {taken.length > 0 ? (
                <Button
                  variant="outline"
                  disabled={undo.isPending}
                  onClick={() => undo.mutate({ items: taken.map((item) => ({ id: item.id, quantity: item.before - item.after })) })}
                >
                  <Undo2 aria-hidden="true" />
                  {undo.isPending ? "Undoing..." : "Undo"}
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => setCooked(null)}>
                Done
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
