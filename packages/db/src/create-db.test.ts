import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDb, openPglite } from "./create-db";
import { PGLITE_TEMPLATE_ENV, testDatabaseKind } from "./testing";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kim-create-db-"));
  folders.push(dir);
  return dir;
};

async function names(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>("select name from pantry order by name");
  return rows.map((r) => r.name);
}

async function withPglite<T>(dataDir: string, template: string | undefined, work: (pglite: PGlite) => Promise<T>): Promise<T> {
  const pglite = openPglite(dataDir, { template });
  return closing(pglite, work);
}

async function closing<T>(pglite: PGlite, work: (pglite: PGlite) => Promise<T>): Promise<T> {
  try {
    return await work(pglite);
  } finally {
    await pglite.close();
  }
}

// PGlite on disk only: PostgreSQL has no data folder of Kim's.
describe.skipIf(testDatabaseKind() === "postgres")("the embedded database on disk", { timeout: 90_000 }, () => {
  /** A folder with a database holding `name` in its pantry, written from the test run's dump (no initdb). */
  const databaseFolder = async (name: string) => {
    const dir = folder();
    const loadDataDir = new Blob([readFileSync(process.env[PGLITE_TEMPLATE_ENV]!)]);
    await closing(openPglite(dir, { loadDataDir }), (pglite) =>
      pglite.exec(`create table pantry (name text); insert into pantry values ('${name}');`),
    );
    return dir;
  };
  let template: string;
  beforeAll(async () => {
    template = path.join(await databaseFolder("flour"), "pglite");
  });
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it("starts a new folder as a copy of the template, which stays as it was", async () => {
    const dataDir = folder();
    await withPglite(dataDir, template, async (pglite) => {
      expect(await names(pglite)).toEqual(["flour"]);
      await pglite.exec("insert into pantry values ('sugar')");
    });
    await withPglite(dataDir, template, async (pglite) => expect(await names(pglite)).toEqual(["flour", "sugar"]));
    await withPglite(path.dirname(template), undefined, async (pglite) => expect(await names(pglite)).toEqual(["flour"]));
  });

  it("takes a copy cut short for no database: it is copied again", async () => {
    const dataDir = folder();
    mkdirSync(path.join(dataDir, "pglite.copying"));
    writeFileSync(path.join(dataDir, "pglite.copying", "PG_VERSION"), "17\n");
    // The empty folder earlier versions made before initdb.
    mkdirSync(path.join(dataDir, "pglite"));
    await withPglite(dataDir, template, async (pglite) => expect(await names(pglite)).toEqual(["flour"]));
    expect(existsSync(path.join(dataDir, "pglite.copying"))).toBe(false);
  });

  it("lets the event loop turn before each statement waiting on the one connection (decision 0034)", async () => {
    const { db, close } = createDb({ dataDir: "unused", pglite: openPglite(folder(), { template }) });
    try {
      let done = 0;
      let doneAtTurn: number | undefined;
      const statements = Array.from({ length: 20 }, () => sql`select 1`.execute(db).then(() => done++));
      // A request's socket is read once the loop turns: that must come before the queue is through.
      void statements[0]!.then(() => setImmediate(() => (doneAtTurn = done)));
      await Promise.all(statements);
      expect(doneAtTurn).toBeLessThan(20);
    } finally {
      await close();
    }
  });

  it("opens a folder that has a database as it is", async () => {
    const dataDir = await databaseFolder("rice");
    await withPglite(dataDir, template, async (pglite) => expect(await names(pglite)).toEqual(["rice"]));
  });

  it("keeps PostgreSQL's buffer cache, held in the process's memory, at 16 MB", async () => {
    await withPglite(folder(), template, async (pglite) => {
      expect((await pglite.query<{ shared_buffers: string }>("show shared_buffers")).rows[0]?.shared_buffers).toBe("16MB");
    });
  });
});
