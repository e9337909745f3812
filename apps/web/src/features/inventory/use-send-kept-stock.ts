import { useCallback, useEffect, useMemo } from "react";
import { isNotFoundError, isRefusal, isUnauthorizedError } from "../../lib/errors";
import { errorMessage } from "../../lib/form";
import { keepSending } from "../../lib/offline/network";
import { trpc } from "../../lib/trpc";
import { reloadWaiting, sendWaiting, type StockServer } from "./stock-outbox";

type Utils = ReturnType<typeof trpc.useUtils>;

/** The server refused the change for good (not a dropped network, a lost session or its own failure). */
function refusal(error: unknown) {
  if (!isRefusal(error)) return null;
  return { notFound: isNotFoundError(error), message: errorMessage(error, "The server refused it.") };
}

function stockServer(utils: Utils): StockServer {
  const context = (idempotencyKey: string) => ({ context: { idempotencyKey } });
  return {
    list: () => utils.client.inventory.list.query(),
    create: (input, key) => utils.client.inventory.create.mutate(input, context(key)),
    update: (input, key) => utils.client.inventory.update.mutate(input, context(key)),
    remove: (input, key) => utils.client.inventory.delete.mutate(input, context(key)),
    refusal,
  };
}

/**
 * Sends the inventory changes kept on the device (decision 0038) on mounting, when the network comes back and again
 * after a while when a try could not send them; the function answered sends them now. Mounted by the signed-in shell,
 * so they go wherever the cook is (the note's "Saving N changes…" does not wait for the inventory to be opened), and by
 * the inventory's mutations.
 */
export function useSendKeptStock(): () => void {
  const utils = trpc.useUtils();
  const server = useMemo(() => stockServer(utils), [utils]);
  const send = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const sent = await sendWaiting(server);
      if (sent > 0) await Promise.all([utils.inventory.list.invalidate(), utils.inventory.summary.invalidate()]);
    } finally {
      void reloadWaiting();
    }
  }, [server, utils]);
  useEffect(() => keepSending(send, (error) => !isUnauthorizedError(error)), [send]);
  return useCallback(() => void send().catch(() => {}), [send]);
}
