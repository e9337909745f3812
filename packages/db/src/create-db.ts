import { constants, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
// Node's own, not the global one a test's fake clock replaces: a statement must never wait on a faked timer.
import { setImmediate as nextTurn } from "node:timers/promises";
import { PGlite, types as pgliteTypes, type PGliteOptions, type QueryOptions, type Results } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import { allowDirectRows } from "./direct-rows";
import { allowNotifications } from "./notifications";
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
  /** A migrated PGlite data folder (the build's, see write-pglite-template.ts) that a new `dataDir` starts as a copy of. */
  pgliteTemplate?: string | undefined;
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
 * A PGlite that lets the event loop turn before each statement. Its PostgreSQL runs on the main thread, and
 * statements waiting on its one connection were handed on in promise callbacks, running back to back while no new
 * request was read: at 50 connections wrk's p99 was 1.3 s (Fastify's own far lower) and a few requests passed 2 s.
 * With the turn, 141 ms and none, for 2% fewer requests a second (decision 0034).
 */
class FairPGlite extends PGlite {
  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await nextTurn();
    return super.query<T>(query, params, options);
  }
}

/** A PGlite that lets go of its data folder's lock once closed. */
class LockedPGlite extends FairPGlite {
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
 * PostgreSQL's buffer cache, 128 MB by default, lives in PGlite's WebAssembly memory and is touched whole at start:
 * most of the embedded default's resident memory. Pages it no longer holds are read back from the data folder's
 * files, which the operating system caches (see decision 0034).
 */
const SHARED_BUFFERS = "16MB";

export interface OpenPgliteOptions {
  /** A dumped data directory to start an in-memory database from (the tests' template). */
  loadDataDir?: Blob;
  /** A data folder to copy into a new folder on disk instead of running initdb (see createDb's pgliteTemplate). */
  template?: string | undefined;
}

/**
 * PGlite with the same type parsing as node-postgres and the extensions the migrations create (pg_trgm: the admin's
 * user search). A data folder on disk is locked to this process until closed (DataDirInUseError when another live
 * process has it).
 */
export function openPglite(dataDir: string, { loadDataDir, template }: OpenPgliteOptions = {}): PGlite {
  const options: PGliteOptions = {
    parsers: { [pgliteTypes.DATE]: keepDate, [pgliteTypes.INT8]: toNumber },
    extensions: { pg_trgm },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`],
  };
  if (dataDir.startsWith("memory://")) return new FairPGlite(dataDir, options);
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const dataPath = path.resolve(dataDir, "pglite");
    if (template && isNew(dataPath) && existsSync(path.join(template, "PG_VERSION"))) copyFolder(template, dataPath);
    return new LockedPGlite(dataPath, options, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** No database yet: no folder, or the empty one earlier versions made before running initdb. */
function isNew(dataPath: string): boolean {
  return !existsSync(dataPath) || readdirSync(dataPath).length === 0;
}

/**
 * Copies beside, then renames into place: a copy cut short (a crash, a full disk) is never taken for a database.
 * Runs under the folder's lock, so the copy's own name is this process's.
 */
function copyFolder(from: string, to: string): void {
  const copy = `${to}.copying`;
  rmSync(copy, { recursive: true, force: true });
  // A clone where the file system can (btrfs, XFS), else a plain copy.
  cpSync(from, copy, { recursive: true, mode: constants.COPYFILE_FICLONE });
  renameSync(copy, to);
}

export function createDb(config: DbConfig): Db {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.maxConnections ?? 10, Client: PreparingClient });
    // Unhandled, an idle connection dropped by the server (a restart, a failover) would crash the process.
    pool.on("error", config.onConnectionError ?? ((error) => console.error("database connection lost:", error.message)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    allowDirectRows(db, (sql, parameters) => pool.query(sql, parameters));
    allowNotifications(db, { kind: "postgres", connectionString: config.databaseUrl });
    return { db, kind: "postgres", close: () => db.destroy() };
  }

  const pglite = config.pglite ?? openPglite(config.dataDir, { template: config.pgliteTemplate });
  // Kysely's PGlite driver closes the PGlite instance on destroy.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  allowNotifications(db, { kind: "pglite", pglite });
  return { db, kind: "pglite", close: () => db.destroy() };
}
