import { useEffect } from "react";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { toast } from "@kim/ui/lib/use-toast";
import { isRefusal, isUnauthorizedError } from "../../lib/errors";
import { IntentKeys } from "../../lib/keyed-mutation";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { keepAnswer } from "../../lib/offline/kept-answers";
import { keepSending } from "../../lib/offline/network";
import { listOutbox } from "./list-outbox";
import { createListSaver, type ListSaver } from "./list-saver";
import type { ItemsChange, ShoppingList } from "./shopping-items";

type Utils = ReturnType<typeof trpc.useUtils>;

const isConflict = (error: unknown) =>
  error instanceof TRPCClientError && typeof error.data === "object" && error.data !== null && error.data.code === "CONFLICT";

const updateFailed = failureToast("Failed to update shopping list");

// One saver per query cache, not per mounted page: a save still running when the cook leaves and comes back is
// the one the next change waits for.
const savers = new WeakMap<QueryClient, ListSaver<ShoppingList>>();

function saverFor(queryClient: QueryClient, utils: Utils): ListSaver<ShoppingList> {
  let saver = savers.get(queryClient);
  if (!saver) {
    // Each save goes with its idempotency key: a retried save (the answer was lost) is applied once.
    const keys = new IntentKeys();
    const load = async () =>
      (await utils.client.shoppingLists.list.query())[0] ??
      keys.send({}, (options) => utils.client.shoppingLists.create.mutate({}, options));
    saver = createListSaver<ShoppingList>({
      shown: () => utils.shoppingLists.list.getData()?.[0],
      load,
      save: (list, items) => {
        const input = { id: list.id, data: { items, version: list.version } };
        return keys.send(input, (options) => utils.client.shoppingLists.update.mutate(input, options));
      },
      show: (list) =>
        utils.shoppingLists.list.setData(undefined, (lists = []) =>
          lists.some((l) => l.id === list.id) ? lists.map((l) => (l.id === list.id ? list : l)) : [list, ...lists],
        ),
      isConflict,
      saved: (list) =>
        keepAnswer("shoppingLists.list", undefined, [list, ...(utils.shoppingLists.list.getData() ?? []).filter((l) => l.id !== list.id)]),
      offline: listOutbox({
        load,
        update: (input, idempotencyKey) => utils.client.shoppingLists.update.mutate(input, { context: { idempotencyKey } }),
        isConflict,
      }),
    });
    savers.set(queryClient, saver);
  }
  return saver;
}

/**
 * The first shopping list and changes to it. `change` shows a change at once and saves the whole items array
 * (creating the list when there is none); on failure the change is undone on screen and 'Failed to update shopping
 * list' shows. It resolves with the saved list and rejects, already toasted, when the change was not saved.
 */
export function useShoppingList() {
  const list = trpc.shoppingLists.list.useQuery();
  const utils = trpc.useUtils();
  const saver = saverFor(useQueryClient(), utils);
  // A mutation, so a lost session is handled like any other call's.
  const update = useMutation({
    mutationFn: (change: ItemsChange) => {
      // A read of the list already on its way (a live update's refetch) answers without this change, and would take
      // it off the screen until it is saved: it is called off, the list on screen kept.
      void utils.shoppingLists.list.cancel();
      return saver.apply(change);
    },
    onError: updateFailed,
  });
  // Changes kept on the device from offline show once the list is there, and are sent now, when the network is back
  // and after a while when a try could not send them. Only a refusal, which forgot them, is told.
  const loaded = list.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    const mayPass = (error: unknown) => !isRefusal(error) && !isUnauthorizedError(error);
    return keepSending(
      () =>
        saver.resume().catch((error: unknown) => {
          if (!mayPass(error)) updateFailed(error);
          throw error;
        }),
      mayPass,
    );
  }, [loaded, saver]);
  return { list, change: update.mutateAsync };
}

/** shoppingLists.generate with the spec's failure toasts. */
export function useGenerateShoppingList() {
  const utils = trpc.useUtils();
  return trpc.shoppingLists.generate.useMutation({
    onError: (error) => {
      if (!error.message.includes("Pro feature")) return failureToast("Failed to generate shopping list")(error);
      // Pro ended since the user was loaded: reloaded, the screen offers the upgrade instead of the switch.
      void utils.auth.user.invalidate();
      toast({
        title: "Pro Feature Required",
        description: "Smart Mode requires a Pro subscription. Upgrade to use this feature.",
        variant: "destructive",
      });
    },
  });
}
