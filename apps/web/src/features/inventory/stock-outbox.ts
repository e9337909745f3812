import { useEffect, useSyncExternalStore } from "react";
import type { IngredientInput } from "@kim/domain";
import { forget, keep, kept, onCleared, rewrite, type Kept } from "../../lib/offline/outbox";
import { tellOutcome } from "../../lib/offline/outcomes";
import type { Ingredient } from "./ingredient-form-values";
import { check, describeOutcome, fieldsOf, isOfflineId, offlineId, type Outcome, type StockFields, type StockOp } from "./stock-changes";

/**
 * The inventory's changes made offline, in the outbox (lib/offline/outbox.ts) across reloads, and their replay
 * (decision 0038). Each goes with the idempotency key it was kept with, every time it is sent, so it is applied once.
 */

export interface StockServer {
  list(): Promise<Ingredient[]>;
  create(input: IngredientInput, key: string): Promise<{ id: string }>;
  update(input: { id: string; data: Partial<IngredientInput> }, key: string): Promise<unknown>;
  remove(input: { id: string }, key: string): Promise<unknown>;
  /** The server's refusal of a call (not found, or its message); null when no answer came (the network). */
  refusal(error: unknown): { notFound: boolean; message: string } | null;
}

/** The kept changes as this page knows them, to show them over the server's inventory. */
let waiting: Kept<StockOp>[] = [];
let loaded = false;
const listeners = new Set<() => void>();

/** Says what a change could not be applied as made (`OfflineOutcomes` on the inventory page shows it). */
const tell = (outcome: Outcome) => tellOutcome("inventory", describeOutcome(outcome));

/** Reads the kept changes again (after keeping one, or once replay has refreshed the inventory). */
export async function reloadWaiting(): Promise<void> {
  const next = await kept<StockOp>("inventory").catch(() => []);
  loaded = true;
  // Nothing waiting, as before (every page load reads it, twice): the same list, so the inventory is not drawn again.
  if (next.length === 0 && waiting.length === 0) return;
  waiting = next;
  listeners.forEach((listener) => listener());
}

export const waitingStock = () => waiting;

// Signed out: the next cook on this device sees none of these.
onCleared(() => {
  waiting = [];
  listeners.forEach((listener) => listener());
});

/** The inventory changes waiting on the device, redrawn when they change. */
export function useWaitingStock(): Kept<StockOp>[] {
  useEffect(() => {
    if (!loaded) void reloadWaiting();
  }, []);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}

/**
 * Keeps a change on the device; false when storage is blocked (the change then fails, as it did before). Deleting an
 * ingredient added offline and not yet sent forgets its add and its changes instead: the server never hears of it.
 */
export async function hold(op: StockOp): Promise<boolean> {
  try {
    const gone = op.type === "delete" && isOfflineId(op.id) ? op.id : undefined;
    const added = gone && waiting.find((c) => offlineId(c.id) === gone && !c.op.sent);
    if (added) await forget([added.id, ...waiting.filter((c) => c.op.type !== "create" && c.op.id === gone).map((c) => c.id)]);
    else await keep("inventory", op);
  } catch {
    return false;
  }
  await reloadWaiting();
  return true;
}

function call(server: StockServer, op: StockOp): Promise<unknown> {
  if (op.type === "create") return server.create(op.input, op.key);
  if (op.type === "update") return server.update({ id: op.id, data: op.data }, op.key);
  return server.remove({ id: op.id }, op.key);
}

/** Later changes of the same ingredient, after one was applied: its id from an add, its fields from an edit. */
async function carryOver(later: Kept<StockOp>[], from: string, to: string, data: Partial<IngredientInput>): Promise<Kept<StockOp>[]> {
  return Promise.all(
    later.map(async (change) => {
      if (change.op.type === "create" || change.op.id !== from) return change;
      const next = { ...change, op: { ...change.op, id: to, base: { ...change.op.base, ...data } } };
      await rewrite(next);
      return next;
    }),
  );
}

async function replay(server: StockServer): Promise<number> {
  let changes = await kept<StockOp>("inventory");
  let count = 0;
  // The server's inventory, read once when a change needs checking against it, and kept up to date with ours.
  let now: Map<string, StockFields> | undefined;
  while (changes.length > 0) {
    const [change, ...rest] = changes as [Kept<StockOp>, ...Kept<StockOp>[]];
    let later = rest;
    const { op } = change;
    // A change of an ingredient whose add the server refused (already told): nothing to change.
    const orphan = op.type !== "create" && isOfflineId(op.id);
    if (op.type !== "create" && !op.sent && !orphan) now ??= new Map((await server.list()).map((i) => [i.id, fieldsOf(i)]));
    const verdict = orphan ? { send: false } : check(op, op.type === "create" ? undefined : now?.get(op.id));
    if (verdict.outcome) tell(verdict.outcome);
    if (verdict.send) {
      await rewrite({ ...change, op: { ...op, sent: true } });
      try {
        const answer = await call(server, op);
        if (op.type === "create") later = await carryOver(later, offlineId(change.id), (answer as { id: string }).id, {});
        if (op.type === "update") {
          later = await carryOver(later, op.id, op.id, op.data);
          const there = now?.get(op.id);
          if (there) now?.set(op.id, { ...there, ...op.data });
        }
      } catch (error) {
        const refusal = server.refusal(error);
        // No answer: the change stays kept, with its key, and goes again when the network is back.
        if (!refusal) throw error;
        const name = op.type === "create" ? op.input.name : op.base.name;
        if (!refusal.notFound) tell({ kind: "refused", name, message: refusal.message });
        else if (op.type === "update") tell({ kind: "deleted", name, data: op.data });
      }
    }
    await forget([change.id]);
    count++;
    // Changes kept while these went out go next.
    changes = later.length > 0 ? later : await kept<StockOp>("inventory");
  }
  return count;
}

let running: Promise<number> | undefined;

/**
 * Sends the kept changes in the order they were made, each checked first against the server's inventory (see
 * `check`): what could not be applied as made is told (`OfflineOutcomes`), never dropped silently. Rejects when the network went again
 * (the rest stays kept). One replay at a time: a second call joins the running one. Answers how many there were.
 */
export function sendWaiting(server: StockServer): Promise<number> {
  running ??= replay(server).finally(() => (running = undefined));
  return running;
}
