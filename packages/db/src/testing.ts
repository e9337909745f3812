import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import { createDb, openPglite, type Db } from "./create-db";
import { migrateToLatest } from "./migrate";

/**
 * Where the test run's migrated PGlite data directory is (see pglite-template.ts): a database started from it skips
 * PGlite's initdb and applying the migrations, about 2 s of each test file's set-up.
 */
export const PGLITE_TEMPLATE_ENV = "KIM_PGLITE_TEMPLATE";

/** Writes a migrated, empty PGlite data directory to `file`, for createTestDatabase to start from. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const pglite = openPglite("memory://");
  const handle = createDb({ dataDir: "memory://", pglite });
  try {
    await migrateToLatest(handle.db);
    const dump = await pglite.dumpDataDir("none");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/** Which database the test run targets: PGlite by default, PostgreSQL when KIM_TEST_DB=postgres. */
export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.KIM_TEST_DB === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh, empty database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again on close.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<Db & { url?: string }> {
  let result: Db & { url?: string };
  if (testDatabaseKind() === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("KIM_TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `kim_test_${randomBytes(6).toString("hex")}`;
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), dataDir: "" });
    result = {
      ...db,
      url: url.toString(),
      async close() {
        await db.close();
        await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  } else {
    // Migrating the template again finds nothing to do, and opens the database as the migrations always have.
    const template = options.migrate === false ? undefined : process.env[PGLITE_TEMPLATE_ENV];
    const pglite = template ? openPglite("memory://", { loadDataDir: new BytesBlob(readFileSync(template)) }) : undefined;
    result = createDb({ dataDir: "memory://", pglite });
  }
  if (options.migrate !== false) await migrateToLatest(result.db);
  return result;
}

/**
 * A Blob over bytes already in memory. PGlite reads a template only through arrayBuffer(), and Node's own Blob copies
 * 40 MB in and reads it out again in small steps: half a second of CPU for each test file's database.
 */
class BytesBlob extends Blob {
  readonly #data: Buffer;

  constructor(data: Buffer) {
    super([]);
    this.#data = data;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#data;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
