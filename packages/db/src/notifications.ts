import type { PGlite } from "@electric-sql/pglite";

/**
 * Where a process hears PostgreSQL's NOTIFY for a database (apps/api's live updates): a connection string to open its
 * own listening connection with (a pooled one can't keep a LISTEN), or the embedded PGlite, which hears its own.
 */
export type NotificationSource = { kind: "postgres"; connectionString: string } | { kind: "pglite"; pglite: PGlite };

const sources = new WeakMap<object, NotificationSource>();

/** createDb records each database's source. */
export function allowNotifications(db: object, source: NotificationSource): void {
  sources.set(db, source);
}

/** The source of a database made by createDb; undefined for any other (a Kysely made with a plugin, say). */
export function notificationSource(db: object): NotificationSource | undefined {
  return sources.get(db);
}
