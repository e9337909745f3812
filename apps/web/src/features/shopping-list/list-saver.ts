import type { ShoppingItem } from "@kim/domain";
import { clashOf, type ItemsChange } from "./shopping-items";

/** Tries per change: the first save, then a reload and another try after each conflict. */
export const SAVE_ATTEMPTS = 3;

export interface SavedList {
  items: ShoppingItem[];
}

export interface ListStore<L extends SavedList> {
  /** The list on screen; when no change is pending it is the server's. Undefined when there is none yet. */
  shown(): L | undefined;
  /** The list as the server has it now, created first when there is none. */
  load(): Promise<L>;
  /** Saves the whole items array over `list`; rejects with a conflict when the list changed since it was loaded. */
  save(list: L, items: ShoppingItem[]): Promise<L>;
  show(list: L): void;
  isConflict(error: unknown): boolean;
  /** Told each list the server saved (to keep it for offline use). */
  saved?(list: L): void;
  /** Where the device can keep changes while offline (list-outbox.ts); without it an offline change fails. */
  offline?: OfflineStore<L>;
}

export interface OfflineStore<L extends SavedList> {
  /** Whether a failed save failed for want of a network (so the change can wait) rather than being refused. */
  isOffline(error: unknown): boolean;
  /** Whether the server refused the kept changes for good; any other failure leaves them kept, to be sent again. */
  isRefused(error: unknown): boolean;
  /**
   * Keeps a change on the device before it is sent, so a reload or a closed tab before the answer does not lose it
   * (the next page sends it); undefined when it can't (it carries no op, or storage is blocked).
   */
  keep(change: ItemsChange): Promise<KeptChange | undefined>;
  /** The changes kept on the device, from this visit or an earlier one. */
  held(): Promise<ItemsChange[]>;
  /** Saves the kept changes over the server's newest list and forgets them; the saved list, or undefined with none. */
  send(): Promise<L | undefined>;
  /** Forgets the kept changes (the server refused them). */
  discard(): Promise<void>;
}

/** A change kept on the device while its save is under way. */
export interface KeptChange {
  /** Its save was answered (saved, or refused): it is forgotten. */
  answered(): Promise<void>;
  /** Its save failed for want of a network: it waits with the others, to be sent when the network is back. */
  waits(): Promise<void>;
}

/**
 * Saves changes to a list that another tab or device may change too. Each change shows at once, and is saved in
 * turn on the newest list this tab has seen, so this tab's own saves never conflict with each other. When the
 * server has a newer list (a 409), the change is applied again to that list and saved: nobody's change is lost.
 * A change that cannot be saved, or no longer applies (its item removed meanwhile), is taken off the screen, and the
 * promise `apply` returned rejects.
 */
export function createListSaver<L extends SavedList>(store: ListStore<L>) {
  /** The server's list as last seen: waiting and pending changes apply over it. */
  let confirmed: L | undefined;
  /** Changes kept on the device while offline, in order, sent before any newer one. */
  let waiting: ItemsChange[] = [];
  const pending: ItemsChange[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const { offline } = store;

  const withChanges = (list: L): L => ({ ...list, items: [...waiting, ...pending].reduce((items, change) => change(items), list.items) });
  const showPending = () => {
    if (confirmed) store.show(withChanges(confirmed));
  };
  const idle = () => pending.length === 0 && waiting.length === 0;

  /**
   * Sends the changes kept on the device; rejects when they could not be sent (they stay kept: no answer, the server's
   * own failure) or when the server refused them (they are forgotten).
   */
  async function sendWaiting(): Promise<void> {
    if (!offline) return;
    try {
      const saved = await offline.send();
      if (saved) {
        confirmed = saved;
        store.saved?.(saved);
      }
      waiting = [];
    } catch (error) {
      if (!offline.isRefused(error)) throw error;
      waiting = [];
      await offline.discard();
      throw error;
    } finally {
      showPending();
    }
  }

  async function save(change: ItemsChange): Promise<L> {
    if (waiting.length > 0) await sendWaiting();
    let list = (confirmed ??= await store.load());
    for (let attempt = 1; ; attempt++) {
      // Someone removed or changed the item meanwhile: the change is refused, and said, rather than saved as nothing.
      const clash = change.op && clashOf(change.op, list.items);
      if (clash) throw new Error(`${clash.title}. ${clash.description}`);
      try {
        confirmed = await store.save(list, change(list.items));
        store.saved?.(confirmed);
        return confirmed;
      } catch (error) {
        if (!store.isConflict(error) || attempt === SAVE_ATTEMPTS) throw error;
        list = confirmed = await store.load();
      }
    }
  }

  /**
   * Saves a change kept on the device. Offline, a kept change waits there and stays on screen, and the promise resolves
   * with the list shown; otherwise, once answered, it is forgotten.
   */
  async function saveKept(change: ItemsChange, kept: KeptChange | undefined): Promise<L> {
    try {
      const saved = await save(change);
      await kept?.answered();
      return saved;
    } catch (error) {
      if (kept && confirmed && offline?.isOffline(error)) {
        await kept.waits();
        waiting.push(change);
        return withChanges(confirmed);
      }
      await kept?.answered();
      throw error;
    }
  }

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const done = queue.then(work);
    queue = done.catch(() => undefined);
    return done;
  };

  return {
    apply(change: ItemsChange): Promise<L> {
      if (idle()) confirmed = store.shown();
      pending.push(change);
      showPending();
      // Kept at once, not when its turn to be sent comes: a change waiting behind another's save is not lost either.
      const kept = offline?.keep(change).catch(() => undefined);
      return enqueue(async () => {
        try {
          return await saveKept(change, await kept);
        } finally {
          pending.shift();
          showPending();
        }
      });
    },
    /**
     * Shows the changes kept on the device over the list on screen, and sends them when the network allows (on
     * opening the list, and when the network comes back). Offline it resolves; it rejects when they could not be sent
     * online (kept for the next try) or were refused (forgotten).
     */
    resume(): Promise<void> {
      if (!offline) return Promise.resolve();
      return enqueue(async () => {
        if (idle()) {
          confirmed = store.shown();
          waiting = await offline.held();
        }
        if (waiting.length === 0) return;
        showPending();
        await sendWaiting().catch((error: unknown) => {
          if (!offline.isOffline(error)) throw error;
        });
      });
    },
  };
}

export type ListSaver<L extends SavedList> = ReturnType<typeof createListSaver<L>>;
