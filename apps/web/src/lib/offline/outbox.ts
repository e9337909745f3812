import { clearAll, request } from "./idb";
import { holdPageLock, pageId, waitingOf, type Marked } from "./saving";
import { waitingChanged } from "./waiting";

/**
 * The outbox: changes made offline, kept in IndexedDB in the order they were made, one store for every feature
 * (decision 0038), so the status note counts them all. Each feature keeps its own kind and replays only those.
 */
export type OutboxKind = "list" | "inventory";

export interface Kept<T> extends Marked {
  id: number;
  /** Absent on shopping-list changes kept before inventory changes were. */
  kind?: OutboxKind;
  op: T;
}

/** Keeps a change to wait; answers its id (the order it was made in). */
export async function keep<T>(kind: OutboxKind, op: T): Promise<number> {
  const id = await request("changes", "readwrite", (store) => store.add({ kind, op }));
  waitingChanged();
  return Number(id);
}

/** Keeps a change this page is about to send (saving.ts): it waits only if the page goes before the answer. */
export async function keepWhileSaving<T>(kind: OutboxKind, op: T): Promise<Kept<T>> {
  await holdPageLock();
  const change = { kind, op, savingBy: pageId };
  const id = Number(await request("changes", "readwrite", (store) => store.add(change)));
  return { ...change, id };
}

/** A change this page was saving waits after all (its save failed for want of a network): any page may send it. */
export async function nowWaiting<T>({ savingBy: _, ...change }: Kept<T>): Promise<void> {
  await rewrite(change);
  waitingChanged();
}

/** The kept changes of one kind that wait, oldest first (not those an open page is saving). */
export async function kept<T>(kind: OutboxKind): Promise<Kept<T>[]> {
  const all = await request<Kept<T>[]>("changes", "readonly", (store) => store.getAll() as IDBRequest<Kept<T>[]>);
  return waitingOf(all.filter((change) => (change.kind ?? "list") === kind));
}

/** Writes a kept change over itself (what replay has learnt since: the id a create got, that it was sent). */
export async function rewrite<T>(change: Kept<T>): Promise<void> {
  await request("changes", "readwrite", (store) => store.put(change));
}

/** Forgets kept changes, once the server has answered them (or refused them). */
export async function forget(ids: number[]): Promise<void> {
  await Promise.all(ids.map((id) => request("changes", "readwrite", (store) => store.delete(id))));
  waitingChanged();
}

const clearedListeners = new Set<() => void>();

/** Runs `f` whenever the outbox is emptied on signing out, so a feature drops what it holds of it in memory. */
export function onCleared(f: () => void): void {
  clearedListeners.add(f);
}

/** Empties the outbox (signing out: the next cook on this device must not send, or see, these). */
export async function clearOutbox(): Promise<void> {
  try {
    await clearAll();
  } finally {
    clearedListeners.forEach((listener) => listener());
    waitingChanged();
  }
}
