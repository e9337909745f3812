import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export interface DbConfig {
  /** PostgreSQL connection string; without it, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" keeps them in memory. */
  dataDir: string;
  /** Pool size for node-postgres. */
  maxConnections?: number;
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

export function createDb(config: DbConfig): Db {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.maxConnections ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: "postgres", close: () => db.destroy() };
  }

  const inMemory = config.dataDir.startsWith("memory://");
  const dataPath = inMemory ? config.dataDir : path.resolve(config.dataDir, "pglite");
  if (!inMemory) mkdirSync(dataPath, { recursive: true });
  const pglite = new PGlite(dataPath, {
    parsers: { [pgliteTypes.DATE]: keepDate, [pgliteTypes.INT8]: toNumber },
  });
  // Kysely's PGlite driver closes the PGlite instance on destroy.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return { db, kind: "pglite", close: () => db.destroy() };
}
