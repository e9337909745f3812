import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type Db } from "./create-db";
import { migrateToLatest } from "./migrate";

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
    result = createDb({ dataDir: "memory://" });
  }
  if (options.migrate !== false) await migrateToLatest(result.db);
  return result;
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
