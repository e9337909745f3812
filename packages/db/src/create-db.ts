import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
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

/** A PGlite that lets go of its data folder's lock once closed. */
class LockedPGlite extends PGlite {
  constructor(
    dataPath: string,
    options: PGliteOptions,
    private readonly releaseLock: () => void,
  ) {
    super(dataPath, options);
  }

  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      this.releaseLock();
    }
  }
}

/**
 * PGlite with the same type parsing as node-postgres and the extensions the migrations create (pg_trgm: the admin's
 * user search); `loadDataDir` starts it from a dumped data directory. A data folder on disk is locked to this process
 * until closed (DataDirInUseError when another live process has it).
 */
export function openPglite(dataDir: string, loadDataDir?: Blob): PGlite {
  const options: PGliteOptions = {
    parsers: { [pgliteTypes.DATE]: keepDate, [pgliteTypes.INT8]: toNumber },
    extensions: { pg_trgm },
    loadDataDir,
  };
  if (dataDir.startsWith("memory://")) return new PGlite(dataDir, options);
  const dataPath = path.resolve(dataDir, "pglite");
  mkdirSync(dataPath, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    return new LockedPGlite(dataPath, options, release);
  } catch (error) {
    release();
    throw error;
  }
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
