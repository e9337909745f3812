import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDb } from "@kim/db";
import pg from "pg";
import { createSession } from "../src/sessions/sessions";
import { paprikaFile, sampleRecipes } from "../src/testing/collection-samples";
import { kimStarted, peakWhile, rssMb, startBuiltKim } from "./harness";

/**
 * Moving in: Kim's production build on PostgreSQL (its own process) imports a Paprika file of 2,000 recipes (half with
 * a photo), made here. Prints recipes a second (wall time: re-run on a quiet machine), the server's CPU time a recipe
 * (all its threads, the worker's included), and its peak RSS over idle (target under +150 MB). Then the export of
 * those 2,000 recipes with a full kitchen (inventory, meal plans, lists, stock history, made here): its size, time and
 * peak RSS; and that export read back into a new account (the round trip), its time and peak RSS. Linux only (/proc).
 * Build first: `pnpm --filter @kim/api build`.
 * Environment: TEST_DATABASE_URL (the PostgreSQL server to create the bench database on).
 */

const RECIPES = 2000;
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const PORT = 20_000 + ((process.pid + 7) % 20_000);
const TICK_MS = 10;

/** The server's CPU time so far (user and system, every thread), in ms. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

const name = `kim_bench_transfer_${Date.now()}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(DATABASE_URL);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-transfer-"));
const { server, pid } = startBuiltKim(PORT, { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
const handle = createDb({ databaseUrl: url.toString(), dataDir });
try {
  await kimStarted(PORT);
  const user = await handle.db
    .insertInto("users")
    .values({ email: "bench-transfer@example.com", firstName: "Bench" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cookie = `kim_session=${await createSession(handle.db, user.id)}`;
  const file = await paprikaFile(sampleRecipes(RECIPES, "Bench"));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = rssMb(pid);
  console.log(`Collection import against Kim on PostgreSQL (server pid ${pid}); idle RSS ${idle.toFixed(0)} MB`);

  const cpuBefore = cpuMs(pid);
  const imported = await peakWhile(pid, async () => {
    const started = performance.now();
    const form = new FormData();
    form.append("file", new Blob([file]), "bench.paprikarecipes");
    const res = await fetch(`http://127.0.0.1:${PORT}/api/transfer/import`, { method: "POST", headers: { cookie }, body: form });
    const body = (await res.json()) as { imported?: number; message?: string };
    return { status: res.status, imported: body.imported ?? 0, message: body.message, ms: performance.now() - started };
  });
  const { status, imported: count, ms, message } = imported.result;
  if (status !== 200) throw new Error(`import answered ${status}: ${message}`);
  const cpu = cpuMs(pid) - cpuBefore;
  console.log(
    `A ${(file.length / 1024 / 1024).toFixed(1)} MB Paprika file of ${RECIPES} recipes: ${count} imported in ${(ms / 1000).toFixed(1)} s, ` +
      `${Math.round(count / (ms / 1000))} recipes/s (wall time: re-run on a quiet machine), server CPU ${(cpu / count).toFixed(2)} ms a recipe, ` +
      `peak RSS ${imported.peak.toFixed(0)} MB (+${(imported.peak - idle).toFixed(0)} MB, target under +150)`,
  );

  const kitchen = await fillKitchen(user.id);
  const base = rssMb(pid);
  const exported = await peakWhile(pid, async () => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/transfer/export`, { headers: { cookie } });
    const bytes = await res.arrayBuffer();
    return { bytes, ms: performance.now() - started };
  });
  console.log(
    `Export of those ${RECIPES} recipes and ${kitchen} kitchen rows: ${(exported.result.bytes.byteLength / 1024 / 1024).toFixed(1)} MB zip ` +
      `in ${(exported.result.ms / 1000).toFixed(1)} s, peak RSS +${(exported.peak - base).toFixed(0)} MB`,
  );

  const newcomer = await handle.db
    .insertInto("users")
    .values({ email: "bench-newcomer@example.com" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const before = rssMb(pid);
  const back = await peakWhile(pid, async () => {
    const started = performance.now();
    const form = new FormData();
    form.append("file", new Blob([exported.result.bytes]), "kim-export.zip");
    const headers = { cookie: `kim_session=${await createSession(handle.db, newcomer.id)}` };
    const res = await fetch(`http://127.0.0.1:${PORT}/api/transfer/import`, { method: "POST", headers, body: form });
    const body = (await res.json()) as { imported?: number; restored?: Record<string, number>; message?: string };
    return { status: res.status, body, ms: performance.now() - started };
  });
  if (back.result.status !== 200) throw new Error(`round trip answered ${back.result.status}: ${back.result.body.message}`);
  const rows = Object.values(back.result.body.restored ?? {}).reduce((a, b) => a + b, 0);
  console.log(
    `That export read back into a new account: ${back.result.body.imported} recipes and ${rows} kitchen rows in ` +
      `${(back.result.ms / 1000).toFixed(1)} s, peak RSS +${(back.peak - before).toFixed(0)} MB`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await handle.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A full kitchen beside the recipes: 2,000 items, 5,000 planned meals, 50 lists of 100 items, 20,000 stock events. */
async function fillKitchen(householdId: string): Promise<number> {
  const { db } = handle;
  const owned = { householdId, createdBy: householdId };
  const recipeIds = (await db.selectFrom("recipes").select("id").where("householdId", "=", householdId).execute()).map((r) => r.id);
  const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 1000) }, (_, i) => rows.slice(i * 1000, i * 1000 + 1000));
  const items = Array.from({ length: 2000 }, (_, i) => ({ ...owned, name: `Item ${i}`, quantity: i % 7, unit: "g", category: "Pantry" }));
  for (const chunk of chunks(items)) await db.insertInto("ingredients").values(chunk).execute();
  const meals = Array.from({ length: 5000 }, (_, i) => ({
    ...owned,
    recipeId: recipeIds[i % recipeIds.length]!,
    date: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10),
    mealType: (["breakfast", "lunch", "dinner"] as const)[i % 3]!,
  }));
  for (const chunk of chunks(meals)) await db.insertInto("mealPlans").values(chunk).execute();
  const listItems = Array.from({ length: 100 }, (_, i) => ({ name: `Thing ${i}`, quantity: 1, unit: "units", checked: i % 2 === 0 }));
  const lists = Array.from({ length: 50 }, (_, i) => ({ ...owned, name: `List ${i}`, items: JSON.stringify(listItems) }));
  await db.insertInto("shoppingLists").values(lists).execute();
  const events = Array.from({ length: 20_000 }, (_, i) => ({
    ...owned,
    name: `Item ${i % 2000}`,
    category: "Pantry",
    kind: i % 4 === 0 ? ("wasted" as const) : ("used" as const),
    reason: "emptied" as const,
    occurredAt: new Date(Date.UTC(2025, 0, 1) + i * 600_000),
  }));
  for (const chunk of chunks(events)) await db.insertInto("stockEvents").values(chunk).execute();
  return items.length + meals.length + lists.length + events.length;
}
