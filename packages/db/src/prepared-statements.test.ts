import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparingClient } from "./prepared-statements";
import { createTestDatabase, testDatabaseKind } from "./testing";
import type { Db } from "./create-db";

// PGlite runs in-process without the wire protocol's named statements: the client is PostgreSQL's only.
describe.skipIf(testDatabaseKind() !== "postgres")("PreparingClient (PostgreSQL only)", () => {
  let handle: Db & { url?: string };
  let pool: pg.Pool;
  beforeAll(async () => {
    handle = await createTestDatabase({ migrate: false });
    // One connection, so every statement and the pg_prepared_statements check share it.
    pool = new pg.Pool({ connectionString: handle.url, max: 1, Client: PreparingClient });
    // The database is dropped (WITH FORCE) once the pool has ended: a connection still closing on a loaded machine is
    // told so, and unheard the pool's error would end the test run.
    pool.on("error", () => undefined);
  });
  afterAll(async () => {
    await pool.end();
    await handle.close();
  });

  const prepared = async (): Promise<string[]> =>
    (await pool.query("select statement from pg_prepared_statements order by prepare_time")).rows.map(
      (r: { statement: string }) => r.statement,
    );

  it("prepares a statement with parameters from its second run on, in both of node-postgres' call forms", async () => {
    const text = "select $1::int + 1 as next";
    expect((await pool.query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect(await prepared()).not.toContain(text);
    // pg.Pool.query hands the client a callback; Kysely awaits the client's promise.
    expect((await pool.query(text, [2])).rows).toEqual([{ next: 3 }]);
    expect(await prepared()).toContain(text);
    const client = await pool.connect();
    try {
      expect((await client.query(text, [3])).rows).toEqual([{ next: 4 }]);
    } finally {
      client.release();
    }
  });

  it("leaves statements without parameters unnamed", async () => {
    const text = "select 41 + 1 as answer";
    for (let i = 0; i < 3; i++) expect((await pool.query(text)).rows).toEqual([{ answer: 42 }]);
    expect(await prepared()).not.toContain(text);
  });

  it("hands a failing statement's error to the caller in both forms", async () => {
    const text = "select 1 / $1::int as quotient";
    await pool.query(text, [1]);
    await pool.query(text, [1]);
    await expect(pool.query(text, [0])).rejects.toThrow(/division by zero/);
    const client = await pool.connect();
    try {
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
    } finally {
      client.release();
    }
  });

  it("sends a statement unnamed once a table change has made its prepared plan stale", async () => {
    await pool.query("create table stale_plan (id int)");
    await pool.query("insert into stale_plan values (1)");
    const text = "select * from stale_plan where id = $1";
    await pool.query(text, [1]);
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
    expect(await prepared()).toContain(text);
    await pool.query("alter table stale_plan add column name text");
    await expect(pool.query(text, [1])).rejects.toThrow(/cached plan must not change result type/);
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, name: null }]);
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, name: null }]);
  });

  it("names at most 256 statement texts, however many shapes run", async () => {
    for (let i = 0; i < 300; i++) {
      const text = `select $1::int + ${i} as n`;
      await pool.query(text, [1]);
      await pool.query(text, [1]);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(256);
  });
});
