import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { allowDirectRows } from "./direct-rows";
import { PreparingClient } from "./prepared-statements";
import type { Database } from "./schema";

export interface DbConfig {
  /** PostgreSQL connection string; without it, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" keeps them in memory. */
  dataDir: string;
  /** Pool size for node-postgres. */
  maxConnections?: number;
  /** An open PGlite to use instead of opening `dataDir` (benchmarks share it with a bare driver). */
  pglite?: PGlite;
  /** Told when an idle PostgreSQL connection fails (the pool replaces it); without it the error is printed. */
  onConnectionError?: (error: Error) => void;
}

export interface Db {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const DATE_OID = 1082;
const INT8_OID = 20;
// `date` stays the yyyy-MM-dd string the app speaks; counts come back as numbers.
const keepDate = (value: string) => value;
const toNumber = (value: string) => Number(value);

pg.types.setTypeParser(DATE_OID, keepDate);
pg.types.setTypeParser(INT8_OID, toNumber);

/**
 * PGlite with the same type parsing as node-postgres and the extensions the migrations create (pg_trgm: the admin's
 * user search); `loadDataDir` starts it from a dumped data directory.
 */
export function openPglite(dataDir: string, loadDataDir?: Blob): PGlite {
  const inMemory = dataDir.startsWith("memory://");
  const dataPath = inMemory ? dataDir : path.resolve(dataDir, "pglite");
  if (!inMemory) mkdirSync(dataPath, { recursive: true });
  return new PGlite(dataPath, {
    parsers: { [pgliteTypes.DATE]: keepDate, [pgliteTypes.INT8]: toNumber },
    extensions: { pg_trgm },
    loadDataDir,
  });
}

export function createDb(config: DbConfig): Db {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.maxConnections ?? 10, Client: PreparingClient });
    // Unhandled, an idle connection dropped by the server (a restart, a failover) would crash the process.
    pool.on("error", config.onConnectionError ?? ((error) => console.error("database connection lost:", error.message)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    allowDirectRows(db, (sql, parameters) => pool.query(sql, parameters));
    return { db, kind: "postgres", close: () => db.destroy() };
  }

  const pglite = config.pglite ?? openPglite(config.dataDir);
  // Kysely's PGlite driver closes the PGlite instance on destroy.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return { db, kind: "pglite", close: () => db.destroy() };
}
