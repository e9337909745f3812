import { isRefusal } from "../../lib/errors";
import { request } from "../../lib/offline/idb";
import { isOfflineError } from "../../lib/offline/network";
import { forget, kept, keepWhileSaving, nowWaiting } from "../../lib/offline/outbox";
import { tellOutcome, type OutcomeText } from "../../lib/offline/outcomes";
import { newIdempotencyKey } from "../../lib/keyed-mutation";
import { SAVE_ATTEMPTS, type OfflineStore } from "./list-saver";
import { changeOf, replayOps, type ItemsChange, type ListOp, type ShoppingList } from "./shopping-items";

export interface UpdateInput {
  id: string;
  data: { items: ShoppingList["items"]; version: number };
}

/** The save of the kept changes under way: sent again as it was, with its key, until the server has answered it. */
interface Sending {
  key: string;
  input: UpdateInput;
  ids: number[];
  /** What of it could not apply as made, told once it is saved (absent from a save stored before there were any). */
  clashes?: OutcomeText[];
}

export interface ListServer {
  load(): Promise<ShoppingList>;
  update(input: UpdateInput, idempotencyKey: string): Promise<ShoppingList>;
  isConflict(error: unknown): boolean;
}

const SENDING = "list";

const keptChanges = () => kept<ListOp>("list");
const sending = async () => (await request("sending", "readonly", (store) => store.get(SENDING))) as Sending | undefined;
const setSending = (value: Sending) => request("sending", "readwrite", (store) => store.put(value, SENDING));
const clearSending = () => request("sending", "readwrite", (store) => store.delete(SENDING));

/**
 * The shopping list's changes made offline, kept in IndexedDB across reloads, and their replay (decision 0038). The
 * kept changes are applied to the server's newest list and saved at its version, as any change is (decision 0014):
 * a change made on the server meanwhile stays, and one of the cook's that could not apply is told on the list page. The save is stored with its idempotency key before it is sent, so a
 * save whose answer was lost (the network dropped again, the tab closed) is sent again as it was and applied once.
 */
export function listOutbox(server: ListServer): OfflineStore<ShoppingList> {
  /** Forgets the changes the server now has, tells what of them could not apply, and sends any kept meanwhile. */
  async function sent(ids: number[], clashes: OutcomeText[], list: ShoppingList): Promise<ShoppingList> {
    await forget(ids);
    await clearSending();
    for (const clash of clashes) tellOutcome("list", clash);
    // Changes kept while this save was on its way go next, over the list it saved.
    return (await send()) ?? list;
  }

  async function send(): Promise<ShoppingList | undefined> {
    const kept = await keptChanges();
    if (kept.length === 0) return undefined;
    const ops = kept.map((change) => change.op);
    const ids = kept.map((c) => c.id);
    let save = await sending();
    for (let attempt = 1; ; attempt++) {
      if (!save) {
        const list = await server.load();
        const { items, clashes } = replayOps(ops, list.items);
        // The server has them all already: their save was answered after the page that made them had gone.
        if (JSON.stringify(items) === JSON.stringify(list.items)) return sent(ids, clashes, list);
        const input = { id: list.id, data: { items, version: list.version } };
        save = { key: newIdempotencyKey(), input, ids, clashes };
        await setSending(save);
      }
      let saved: ShoppingList;
      try {
        saved = await server.update(save.input, save.key);
      } catch (error) {
        // A conflict means the server never applied this save: it is made again on the newer list.
        if (!server.isConflict(error) || attempt === SAVE_ATTEMPTS) throw error;
        await clearSending();
        save = undefined;
        continue;
      }
      return sent(save.ids, save.clashes ?? [], saved);
    }
  }

  return {
    isOffline: isOfflineError,
    isRefused: isRefusal,
    async keep(change: ItemsChange) {
      if (!change.op) return undefined;
      const kept = await keepWhileSaving("list", change.op).catch(() => undefined);
      if (!kept) return undefined;
      return { answered: () => forget([kept.id]).catch(() => undefined), waits: () => nowWaiting(kept).catch(() => undefined) };
    },
    held: async () => (await keptChanges().catch(() => [])).map((change) => changeOf(change.op)),
    send,
    async discard() {
      // Only the list's: the inventory's changes wait on their own.
      await forget((await keptChanges()).map((change) => change.id));
      await clearSending();
    },
  };
}
