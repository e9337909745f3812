import { newIdempotencyKey } from "../keyed-mutation";

/**
 * Changes a page keeps in the outbox while it saves them (decision 0038): kept first, so a reload or a closed tab
 * before the answer does not lose them, and marked with the page. They wait (are counted, and sent by any page) only
 * once that page has gone. A page is known to be open by the Web Lock it holds for its life; where the browser has no
 * Web Locks (plain http on a LAN), another page's changes count as waiting, as every change did before.
 */
export interface Marked {
  /** The page saving the change now; absent on a change that waits. */
  savingBy?: string;
}

export const pageId = newIdempotencyKey();

const LOCK_PREFIX = "kim-page:";
const hasLocks = () => typeof navigator !== "undefined" && "locks" in navigator;

let locked: Promise<void> | undefined;

/** Takes this page's lock, held until the page goes; resolves once held (at once where there are no Web Locks). */
export function holdPageLock(): Promise<void> {
  locked ??= new Promise<void>((resolve) => {
    if (!hasLocks()) return resolve();
    navigator.locks
      .request(`${LOCK_PREFIX}${pageId}`, () => {
        resolve();
        return new Promise<never>(() => {});
      })
      .catch(() => resolve());
  });
  return locked;
}

/** The ids of the pages open now, or undefined where the browser can't tell. */
async function openPages(): Promise<Set<string> | undefined> {
  if (!hasLocks()) return undefined;
  const { held = [] } = await navigator.locks.query();
  return new Set(held.flatMap(({ name }) => (name?.startsWith(LOCK_PREFIX) ? [name.slice(LOCK_PREFIX.length)] : [])));
}

/** The changes among `changes` that wait: all but those a page still open is saving. */
export async function waitingOf<T extends Marked>(changes: T[]): Promise<T[]> {
  if (!changes.some((change) => change.savingBy !== undefined)) return changes;
  const open = await openPages().catch(() => undefined);
  return changes.filter(({ savingBy }) => savingBy === undefined || (savingBy !== pageId && !open?.has(savingBy)));
}
