import type { ShoppingItem } from "@kim/domain";
import type { ItemsChange } from "./shopping-items";

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
}

/**
 * Saves changes to a list that another tab or device may change too. Each change shows at once, and is saved in
 * turn on the newest list this tab has seen, so this tab's own saves never conflict with each other. When the
 * server has a newer list (a 409), the change is applied again to that list and saved: nobody's change is lost.
 * A change that cannot be saved is taken off the screen, and the promise `apply` returned rejects.
 */
export function createListSaver<L extends SavedList>(store: ListStore<L>) {
  /** The server's list as last seen: pending changes apply over it. */
  let confirmed: L | undefined;
  const pending: ItemsChange[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  const showPending = () => {
    if (confirmed) store.show({ ...confirmed, items: pending.reduce((items, change) => change(items), confirmed.items) });
  };

  async function save(change: ItemsChange): Promise<L> {
    let list = (confirmed ??= await store.load());
    for (let attempt = 1; ; attempt++) {
      try {
        return (confirmed = await store.save(list, change(list.items)));
      } catch (error) {
        if (!store.isConflict(error) || attempt === SAVE_ATTEMPTS) throw error;
        list = confirmed = await store.load();
      }
    }
  }

  return {
    apply(change: ItemsChange): Promise<L> {
      if (pending.length === 0) confirmed = store.shown();
      pending.push(change);
      showPending();
      const saved = queue
        .then(() => save(change))
        .finally(() => {
          pending.shift();
          showPending();
        });
      queue = saved.catch(() => undefined);
      return saved;
    },
  };
}

export type ListSaver<L extends SavedList> = ReturnType<typeof createListSaver<L>>;
