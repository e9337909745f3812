/** A query's procedure as tRPC's utils hold it: its reads can be called off and marked stale. */
interface Refetchable {
  cancel(): Promise<void>;
  invalidate(): Promise<void>;
}

/**
 * Refetches queries after a change the server has saved. Reads on their way are called off first: one sent before
 * the change was saved answers without it, and a query's first read (a new search's, still without data) is not
 * called off by `invalidate` but joined, so the list kept the old value until the next change (a user row's new role
 * never showed).
 */
export async function refetchAfterChange(...queries: Refetchable[]): Promise<void> {
  await Promise.all(queries.map((query) => query.cancel()));
  await Promise.all(queries.map((query) => query.invalidate()));
}
