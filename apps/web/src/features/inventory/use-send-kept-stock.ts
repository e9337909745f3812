import { useCallback, useEffect, useMemo } from "react";
import { TRPCClientError } from "@trpc/client";
import { isNotFoundError } from "../../lib/errors";
import { errorMessage } from "../../lib/form";
import { onReconnect } from "../../lib/offline/network";
import { trpc } from "../../lib/trpc";
import { reloadWaiting, sendWaiting, type StockServer } from "./stock-outbox";

type Utils = ReturnType<typeof trpc.useUtils>;

/** An answer from the server (not a dropped network), other than a lost session: the change was refused. */
function refusal(error: unknown) {
  if (!(error instanceof TRPCClientError)) return null;
  const code: unknown = (error.data as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || code === "UNAUTHORIZED") return null;
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
 * Sends the inventory changes kept on the device (decision 0038) when the network comes back and on mounting; the
 * function answered sends them now. Mounted by the signed-in shell, so they go wherever the cook is (the note's
 * "Saving N changes…" does not wait for the inventory to be opened), and by the inventory's mutations.
 */
export function useSendKeptStock(): () => void {
  const utils = trpc.useUtils();
  const server = useMemo(() => stockServer(utils), [utils]);
  const resume = useCallback(() => {
    if (!navigator.onLine) return;
    void sendWaiting(server)
      .then((sent) => (sent > 0 ? Promise.all([utils.inventory.list.invalidate(), utils.inventory.summary.invalidate()]) : undefined))
      .catch(() => {})
      .finally(() => void reloadWaiting());
  }, [server, utils]);
  useEffect(() => {
    resume();
    return onReconnect(resume);
  }, [resume]);
  return resume;
}
