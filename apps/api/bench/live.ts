import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createDb, migrateToLatest } from "@kim/db";
import { createSession } from "../src/sessions/sessions";
import { openEventStream, type EventStream } from "../src/testing/event-stream";
import { benchDatabase } from "./harness";

/**
 * Live updates' fan-out (decision 0037): two API processes (apps/api/dist/main.js, what `pnpm start` runs; build
 * first) on one PostgreSQL database, 1,000 open streams of GET /api/events across them (100 cooks with 10 tabs each,
 * 5 on each process). Each change is a shopping list saved through the REST path, on either process.
 * - one change at a time: from sending the save to the last of its cook's 10 streams hearing it (p50/p99);
 * - all 100 cooks at once: from the first save sent to the last of the 1,000 deliveries (median and worst round);
 * - each process's resident memory (VmRSS) before and after the streams opened, per open stream.
 *
 * Environment: TEST_DATABASE_URL (the PostgreSQL server to create the bench database on), LIVE_ROUNDS (single
 * changes, default 300), LIVE_BURSTS (default 10).
 */
const COOKS = 100;
const TABS = 10;
const ROUNDS = Number(process.env.LIVE_ROUNDS ?? 300);
const BURSTS = Number(process.env.LIVE_BURSTS ?? 10);
const main = path.resolve(import.meta.dirname, "../dist/main.js");

interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
}

async function startKim(databaseUrl: string, port: number): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", WEB_DIST_DIR: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`Kim exited (${child.exitCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

interface Cook {
  cookie: string;
  listId: string;
  version: number;
  streams: EventStream[];
}

/** Saves the cook's list (one item checked or not) and answers its new version. */
async function save(server: Server, cook: Cook): Promise<number> {
  const res = await fetch(`${server.url}/api/shopping-lists/${cook.listId}`, {
    method: "PATCH",
    headers: { cookie: cook.cookie, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({ items: [{ name: "Milk", quantity: 1, unit: "L", checked: cook.version % 2 === 0 }], version: cook.version }),
  });
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  return (cook.version = ((await res.json()) as { version: number }).version);
}

/** When every stream of the cook has heard the list reach `version`. */
async function heard(cook: Cook, version: number): Promise<number> {
  const mark = `"kind":"shoppingList","version":${version}`;
  const times = await Promise.all(cook.streams.map((s) => s.until(() => s.events.some((e) => e.data.includes(mark)) && performance.now())));
  return Math.max(...times);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const database = await benchDatabase();
const handle = createDb({ databaseUrl: database.url, dataDir: "" });
const servers: Server[] = [];
try {
  await migrateToLatest(handle.db);
  const users = await handle.db
    .insertInto("users")
    .values(Array.from({ length: COOKS }, (_, i) => ({ email: `live-${i}@example.com` })))
    .returning("id")
    .execute();
  const cooks: Cook[] = [];
  for (const user of users) {
    const list = await handle.db
      .insertInto("shoppingLists")
      .values({ householdId: user.id, createdBy: user.id, updatedBy: user.id, name: "Groceries" })
      .returning(["id", "version"])
      .executeTakeFirstOrThrow();
    cooks.push({ cookie: `kim_session=${await createSession(handle.db, user.id)}`, listId: list.id, version: list.version, streams: [] });
  }
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  servers.push(await startKim(database.url, basePort), await startKim(database.url, basePort + 1));
  const before = servers.map((s) => rssKb(s.pid));
  for (const cook of cooks) {
    for (let tab = 0; tab < TABS; tab++) {
      const stream = await openEventStream(Number(new URL(servers[tab % 2]!.url).port), { cookie: cook.cookie });
      if (stream.status !== 200) throw new Error(`stream answered ${stream.status}`);
      await stream.nextEvent(0, "ready");
      cook.streams.push(stream);
    }
  }
  const after = servers.map((s) => rssKb(s.pid));
  const perStream = (after[0]! + after[1]! - before[0]! - before[1]!) / (COOKS * TABS);

  const single: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cook = cooks[round % COOKS]!;
    const sent = performance.now();
    const version = await save(servers[round % 2]!, cook);
    single.push((await heard(cook, version)) - sent);
  }
  const bursts: number[] = [];
  /** When the last save of each burst was answered: how much of the burst's time the saves themselves take. */
  const saved: number[] = [];
  for (let burst = 0; burst < BURSTS; burst++) {
    const sent = performance.now();
    let answered = 0;
    const last = await Promise.all(
      cooks.map(async (cook, i) => {
        const version = await save(servers[i % 2]!, cook);
        answered = Math.max(answered, performance.now());
        return heard(cook, version);
      }),
    );
    bursts.push(Math.max(...last) - sent);
    saved.push(answered - sent);
  }

  console.log(`live updates, 2 processes on PostgreSQL, ${COOKS * TABS} open streams (${COOKS} cooks x ${TABS} tabs):`);
  console.log(
    `  one change, save sent to the last of its 10 streams (${ROUNDS}): p50 ${ms(percentile(single, 0.5))}, p99 ${ms(percentile(single, 0.99))} (target p99 under 1 s)`,
  );
  console.log(
    `  100 changes at once, first save sent to the last of 1,000 deliveries (${BURSTS}): median ${ms(percentile(bursts, 0.5))}, worst ${ms(Math.max(...bursts))} (the last save answered after ${ms(percentile(saved, 0.5))})`,
  );
  console.log(
    `  resident memory: ${before.map((kb) => Math.round(kb / 1024)).join(" / ")} MB before, ${after.map((kb) => Math.round(kb / 1024)).join(" / ")} MB with the streams open: ${perStream.toFixed(1)} KB per open stream`,
  );
  for (const cook of cooks) for (const stream of cook.streams) stream.close();
} finally {
  for (const server of servers) await server.stop();
  await handle.close();
  await database.drop();
}
