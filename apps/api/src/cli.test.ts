import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db } from "@kim/db";
import { createTestDatabase, testDatabaseKind } from "@kim/db/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { loadConfig } from "./config";
import { hashPassword, verifyPassword } from "./features/auth/passwords";
import { createSession } from "./sessions/sessions";

/**
 * The CLI opens the database itself: an empty PostgreSQL test database, or an empty PGlite folder, fresh for each
 * test so none depends on what another left.
 */
let env: NodeJS.ProcessEnv;
let pgHandle: (Db & { url?: string }) | undefined;

beforeEach(async () => {
  if (testDatabaseKind() === "postgres") {
    pgHandle = await createTestDatabase({ migrate: false });
    env = { DATABASE_URL: pgHandle.url };
  } else {
    env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "kim-cli-")) };
  }
});
afterEach(async () => {
  await pgHandle?.close();
  pgHandle = undefined;
  if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function withDb<T>(work: (db: Db["db"]) => Promise<T>): Promise<T> {
  const handle = createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

// Each command opens the database from disk as a fresh process would (PGlite starts slowly on a busy machine).
describe("pnpm kim", { timeout: 90_000 }, () => {
  it("migrate applies the migrations once", async () => {
    expect(await run("migrate")).toMatchObject({ code: 0, out: expect.stringContaining("Applied: 2026-11-21-0001-initial") });
    expect(await run("migrate")).toMatchObject({ code: 0, out: "Database is up to date" });
  });

  it("create-admin creates the admin, then leaves it as it is without replacing the password", async () => {
    expect(await run("create-admin", "--email", "Boss@Example.com", "--password", "boss password")).toMatchObject({
      code: 0,
      out: "Created admin boss@example.com",
    });
    expect(await run("create-admin", "--email", "boss@example.com", "--password", "other password")).toMatchObject({
      code: 0,
      out: "boss@example.com is already an admin; its password is kept",
      err: "",
    });
    const row = await withDb((db) =>
      db.selectFrom("users").select(["role", "password"]).where("email", "=", "boss@example.com").executeTakeFirstOrThrow(),
    );
    expect(row.role).toBe("admin");
    // At production's cost: the CLI reads the configuration as the server does.
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,/);
    expect(await verifyPassword(row.password, "boss password", loadConfig({}).passwordHashing)).toBe(true);
  });

  it("create-admin promotes an existing user", async () => {
    expect((await run("migrate")).code).toBe(0);
    await withDb((db) => db.insertInto("users").values({ email: "plain@example.com", password: null }).execute());
    expect((await run("create-admin", "--email", "plain@example.com", "--password", "new admin pw")).code).toBe(0);
    const row = await withDb((db) =>
      db.selectFrom("users").select(["role", "password"]).where("email", "=", "plain@example.com").executeTakeFirstOrThrow(),
    );
    expect(row.role).toBe("admin");
    expect(await verifyPassword(row.password, "new admin pw", loadConfig({}).passwordHashing)).toBe(true);
  });

  it("create-admin promoting an account someone signed up sets the given password, ends its sessions and warns", async () => {
    expect((await run("migrate")).code).toBe(0);
    const cost = loadConfig({}).passwordHashing;
    await withDb(async (db) => {
      const { id } = await db
        .insertInto("users")
        .values({ email: "ops@example.com", password: await hashPassword("attacker-chosen-pw", cost) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await createSession(db, id);
    });
    const res = await run("create-admin", "--email", "ops@example.com", "--password", "operator secret pw");
    expect(res).toMatchObject({ code: 0, out: "ops@example.com is now an admin" });
    expect(res.err).toMatch(/^Warning: ops@example\.com was an account made without this setting/);
    const row = await withDb((db) =>
      db.selectFrom("users").select(["id", "role", "password"]).where("email", "=", "ops@example.com").executeTakeFirstOrThrow(),
    );
    expect(row.role).toBe("admin");
    expect(await verifyPassword(row.password, "operator secret pw", cost)).toBe(true);
    expect(await verifyPassword(row.password, "attacker-chosen-pw", cost)).toBe(false);
    expect(await withDb((db) => db.selectFrom("sessions").select("sid").where("userId", "=", row.id).execute())).toEqual([]);
  });

  it("refuses bad arguments with a clear message and exit code 2, changing nothing", async () => {
    expect((await run("migrate")).code).toBe(0);
    expect(await run("create-admin", "--email", "nope", "--password", "long enough")).toMatchObject({
      code: 2,
      err: expect.stringContaining("--email: Enter a valid email address"),
    });
    expect(await run("create-admin", "--email", "x@example.com", "--password", "short")).toMatchObject({
      code: 2,
      err: expect.stringContaining("--password: Password must be at least 8 characters"),
    });
    expect(await run("create-admin")).toMatchObject({ code: 2 });
    expect(await run("frobnicate")).toMatchObject({ code: 2, err: expect.stringContaining("Unknown command: frobnicate") });
    expect(await run()).toMatchObject({ code: 2, err: expect.stringContaining("Usage: pnpm kim") });
    const users = await withDb((db) => db.selectFrom("users").select("email").execute());
    expect(users).toEqual([]);
  });

  describe.skipIf(testDatabaseKind() === "postgres")("on the embedded database", () => {
    const inUse = /in use by another Kim process \(pid \d+\)[\s\S]*KIM_ADMIN_EMAIL and KIM_ADMIN_PASSWORD/;

    it("create-admin beside a running Kim stops with a clear message and exit code 1, and the admin is made once it stops", async () => {
      expect((await run("migrate")).code).toBe(0);
      const running = createDb({ dataDir: env.DATA_DIR ?? "" });
      try {
        expect(await run("create-admin", "--email", "boss@example.com", "--password", "boss password")).toMatchObject({
          code: 1,
          err: expect.stringMatching(inUse),
        });
        expect(await running.db.selectFrom("users").select("email").execute()).toEqual([]);
      } finally {
        await running.close();
      }
      expect((await run("create-admin", "--email", "boss@example.com", "--password", "boss password")).code).toBe(0);
    });

    it("refuses a folder another live process holds, naming its pid", async () => {
      const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
      try {
        writeFileSync(path.join(env.DATA_DIR ?? "", "kim.lock"), `${other.pid}\n`);
        expect(await run("migrate")).toMatchObject({ code: 1, err: expect.stringContaining(`(pid ${other.pid})`) });
      } finally {
        other.kill();
      }
    });

    it("takes over the lock of a process that is gone, and lets go of it when done", async () => {
      const gone = spawnSync(process.execPath, ["-e", ""]).pid;
      const lock = path.join(env.DATA_DIR ?? "", "kim.lock");
      writeFileSync(lock, `${gone}\n`);
      expect((await run("migrate")).code).toBe(0);
      expect(existsSync(lock)).toBe(false);
    });
  });

  it("reports a bad setting by name, with exit code 1", async () => {
    const err: string[] = [];
    const code = await runCli(["migrate"], { DATABASE_URL: "mysql://nope" }, { out: () => {}, err: (l) => err.push(l) });
    expect(code).toBe(1);
    expect(err.join("\n")).toMatch(/DATABASE_URL: must be a postgres/);
  });
});
