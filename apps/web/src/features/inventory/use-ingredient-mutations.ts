import { useCallback } from "react";
import type { IngredientInput } from "@kim/domain";
import { toast } from "@kim/ui/lib/use-toast";
import { newIdempotencyKey, useKeyedMutation, type IntentKeys, type KeyedCallOptions } from "../../lib/keyed-mutation";
import { isOfflineError } from "../../lib/offline/network";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import type { Ingredient } from "./ingredient-form-values";
import { changedFields, fieldsOf, isOfflineId, withWaiting, type StockOp } from "./stock-changes";
import { hold, useWaitingStock, waitingStock } from "./stock-outbox";
import { useSendKeptStock } from "./use-send-kept-stock";

/** A change kept on the device, not yet saved: what a mutation answers in place of the server's answer. */
const HELD = null;

/**
 * Sends a change, or keeps it on the device (decision 0038): while offline, while earlier changes still wait (so
 * they go in order), or when the call failed for want of a network. `kept(key)` is the change to keep; the key is
 * the one a failed call went with, when it must go again as it was (an add may have been applied already).
 */
async function sendOrHold<T>(
  keys: IntentKeys,
  input: unknown,
  direct: (options: KeyedCallOptions) => Promise<T>,
  kept: (key?: string) => StockOp | null,
) {
  if (!navigator.onLine || waitingStock().length > 0) return keepNow(kept());
  let sentKey: string | undefined;
  try {
    return await keys.send(input, (options) => {
      sentKey = options.context.idempotencyKey;
      return direct(options);
    });
  } catch (error) {
    if (!isOfflineError()) throw error;
    keys.forget(input);
    return keepNow(kept(sentKey));
  }
}

/** Keeps a change on the device (none: nothing changed); fails only when the device cannot keep it. */
async function keepNow(op: StockOp | null) {
  if (op && !(await hold(op))) throw new Error("This device could not keep the change: try again when back online.");
  return HELD;
}

/** The inventory as the cook sees it: the server's, with the changes waiting on the device. */
export function useInventoryList() {
  const waiting = useWaitingStock();
  const select = useCallback((list: Ingredient[]) => withWaiting(list, waiting), [waiting]);
  return trpc.inventory.list.useQuery(undefined, { select });
}

/**
 * inventory.create/update/delete with the spec's toasts, each sent with its intent's idempotency key; each refreshes the
 * inventory list and the dashboard's counts. Offline, changes wait on the device and go when the network is back.
 */
export function useIngredientMutations() {
  const utils = trpc.useUtils();
  const refreshList = () => Promise.all([utils.inventory.list.invalidate(), utils.inventory.summary.invalidate()]);
  const resume = useSendKeptStock();

  const done = (title: string, kept: string) => (answer: unknown) => {
    if (answer !== HELD) {
      toast({ title });
      return refreshList();
    }
    toast({ title: kept, description: "It will be saved when you are back online." });
    resume();
    return undefined;
  };
  /** The ingredient as shown, changes waiting included: what an offline change is checked against later. */
  const shown = (id: string) => withWaiting(utils.inventory.list.getData() ?? [], waitingStock()).find((i) => i.id === id);

  const create = useKeyedMutation(
    (input: IngredientInput, keys: IntentKeys) =>
      sendOrHold(
        keys,
        input,
        (options) => utils.client.inventory.create.mutate(input, options),
        (key) => ({ type: "create", key: key ?? newIdempotencyKey(), input }),
      ),
    {
      onSuccess: done("Ingredient added successfully", "Ingredient added on this device"),
      onError: failureToast("Failed to add ingredient"),
    },
  );
  const update = useKeyedMutation(
    (input: { id: string; data: IngredientInput }, keys: IntentKeys) =>
      // An ingredient added offline has no id on the server yet: its changes wait behind its add, whatever the network.
      isOfflineId(input.id)
        ? keepNow(updateOp(input))
        : sendOrHold(
            keys,
            input,
            (options) => utils.client.inventory.update.mutate(input, options),
            () => updateOp(input),
          ),
    {
      onSuccess: done("Ingredient updated successfully", "Ingredient updated on this device"),
      onError: failureToast("Failed to update ingredient"),
    },
  );
  const remove = useKeyedMutation(
    (input: { id: string }, keys: IntentKeys) =>
      isOfflineId(input.id)
        ? keepNow(deleteOp(input))
        : sendOrHold(
            keys,
            input,
            (options) => utils.client.inventory.delete.mutate(input, options),
            () => deleteOp(input),
          ),
    {
      onSuccess: done("Ingredient deleted successfully", "Ingredient deleted on this device"),
      onError: failureToast("Failed to delete ingredient"),
    },
  );

  // An update or delete always goes with a new key when kept: sent twice, it changes nothing more (an edit sets the
  // same fields, a second delete finds nothing), and a kept edit carries only the fields the cook changed.
  function updateOp({ id, data }: { id: string; data: IngredientInput }): StockOp | null {
    const base = shown(id);
    if (!base) return null;
    const changed = changedFields(base, data);
    return Object.keys(changed).length === 0 ? null : { type: "update", key: newIdempotencyKey(), id, base: fieldsOf(base), data: changed };
  }
  function deleteOp({ id }: { id: string }): StockOp | null {
    const base = shown(id);
    return base ? { type: "delete", key: newIdempotencyKey(), id, base: fieldsOf(base) } : null;
  }
  return { create, update, remove };
}
