import { CamelCasePlugin, type CompiledQuery, type Kysely } from "kysely";

type Query = (sql: string, parameters: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const pools = new WeakMap<object, Query>();

/** Lets `directRows` reach this database's PostgreSQL pool (createDb calls it). */
export function allowDirectRows<DB>(db: Kysely<DB>, query: Query): void {
  pools.set(db, query);
}

class ColumnNames extends CamelCasePlugin {
  private readonly names = new Map<string, string>();

  /** The column's name as Kysely's CamelCasePlugin gives it to the app. */
  name(column: string): string {
    let name = this.names.get(column);
    if (name === undefined) this.names.set(column, (name = this.camelCase(column)));
    return name;
  }
}

const columnNames = new ColumnNames();

/**
 * The rows of a compiled statement, run straight on the PostgreSQL pool: without Kysely's executor (its connection
 * provider, plugin passes and the promises between them, about a tenth of a cached list request), for the
 * statements every request runs. Column names are camel-cased as the CamelCasePlugin does; values are as the driver
 * reads them (a JSON column's keys are not re-cased). A transaction, and PGlite (one connection that Kysely takes
 * turns on, so a transaction's statements are never interleaved with others), go through Kysely as usual.
 */
export async function directRows<DB, R>(db: Kysely<DB>, query: CompiledQuery<R>): Promise<R[]> {
  const run = pools.get(db);
  if (!run) return (await db.executeQuery(query)).rows;
  const { rows } = await run(query.sql, query.parameters as unknown[]);
  return rows.map((row) => {
    const named: Record<string, unknown> = {};
    for (const column in row) named[columnNames.name(column)] = row[column];
    return named as R;
  });
}
