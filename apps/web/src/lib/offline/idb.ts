/**
 * The device's store of changes made offline (IndexedDB, decision 0038): a few calls over the browser's API, too few
 * to be worth a library. Every function fails (rejects) where IndexedDB is blocked; callers then keep the change in
 * memory only.
 */

const DATABASE = "kim-offline";
/** `changes`: every feature's changes waiting, in order (outbox.ts); `sending`: the shopping list's save of them under way. */
export type StoreName = "changes" | "sending";

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("changes", { keyPath: "id", autoIncrement: true });
      request.result.createObjectStore("sending");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB refused"));
  });
  opened.catch(() => (opened = undefined));
  return opened;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });

/** One request in its own transaction, answered once the transaction has committed. */
export async function request<T>(store: StoreName, mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const transaction = (await database()).transaction(store, mode);
  const answer = done(make(transaction.objectStore(store)));
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
  });
  return answer;
}

/** Empties the stores (signing out: the next cook on this device must not send these). */
export async function clearAll(): Promise<void> {
  await Promise.all((["changes", "sending"] as const).map((store) => request(store, "readwrite", (s) => s.clear())));
}
