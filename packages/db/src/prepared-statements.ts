import pg from "pg";

/**
 * A node-postgres client that has PostgreSQL parse and plan each frequent statement once per connection instead of
 * on every call: a statement with parameters that this process has run before is sent as a named (prepared)
 * statement, named after its text. On a cached list request that took PostgreSQL's CPU from 0.30 to 0.10 ms
 * (decision 0006). Rare statements stay unnamed, and the names are capped, so statements built with a varying
 * shape (an insert of N rows) cannot fill the server's memory with prepared statements.
 */
export class PreparingClient extends pg.Client {
  // Kysely calls query(text, values); pg.Pool's own query(text, values, callback).
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const plain = args.length === 2 || (args.length === 3 && typeof callback === "function");
    if (plain && typeof text === "string" && Array.isArray(values) && values.length > 0) {
      const name = statementName(text);
      if (name) {
        const result = forgetOnStalePlan(super.query({ name, text, values }), text);
        if (typeof callback !== "function") return result as never;
        result.then(
          (rows) => callback(null, rows),
          (error: unknown) => callback(error),
        );
        return undefined as never;
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

const MAX_NAMED = 256;
const MAX_SEEN = 2000;
const names = new Map<string, string>();
/** Never reused: a connection that prepared a name for one text must not see it for another. */
let lastName = 0;
/** Texts run once: a second run names them. Cleared when full, so one-off statements never pile up. */
let seenOnce = new Set<string>();
/** Texts whose prepared plan PostgreSQL refused (a table changed under it): they stay unnamed from then on. */
const unnamed = new Set<string>();

function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED || unnamed.has(text)) return known;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_SEEN) seenOnce = new Set();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  const name = `kim_${++lastName}`;
  names.set(text, name);
  return name;
}

/**
 * After a migration changes a table's columns (another process's, in a rolling deploy), a prepared `select *` or
 * `returning *` fails with "cached plan must not change result type". The call still fails, but the statement is
 * sent unnamed from then on, so the next one works.
 */
async function forgetOnStalePlan<T>(result: Promise<T>, text: string): Promise<T> {
  try {
    return await result;
  } catch (error) {
    if (error instanceof Error && /cached plan must not change result type/.test(error.message)) {
      names.delete(text);
      unnamed.add(text);
    }
    throw error;
  }
}
