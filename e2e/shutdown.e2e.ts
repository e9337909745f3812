import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "./server";

interface Outcome {
  startedAt: number;
  endedAt: number;
  status?: number;
  body?: string;
  error?: string;
}

function get(url: string, agent: Agent, cookie: string): Promise<Outcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ startedAt, endedAt: performance.now(), status: res.statusCode, body }));
      res.on("error", (err: NodeJS.ErrnoException) => resolve({ startedAt, endedAt: performance.now(), error: err.code ?? err.message }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ startedAt, endedAt: performance.now(), error: err.code ?? err.message }));
    req.end();
  });
}

describe("shutdown", () => {
  it("answers every request in flight when SIGTERM comes under 50 connections of load, then exits cleanly", async () => {
    const server = await startServer();
    const signup = await fetch(`${server.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "drain@example.com", password: "drain the pool" }),
    });
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (let i = 0; i < 100; i++) {
      await fetch(`${server.url}/api/ingredients`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name: `Item ${i}`, quantity: i, unit: "g", category: "Pantry" }),
      });
    }

    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const outcomes: Outcome[] = [];
    let running = true;
    const workers = Array.from({ length: 50 }, async () => {
      while (running) outcomes.push(await get(`${server.url}/api/ingredients`, agent, cookie));
    });
    await new Promise((r) => setTimeout(r, 1500));
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    const sigtermAt = performance.now();
    server.process.kill("SIGTERM");
    const code = await exited;
    const exitedAt = performance.now();
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all(workers);
    agent.destroy();

    const inFlight = outcomes.filter((o) => o.startedAt < sigtermAt && o.endedAt > sigtermAt);
    const answered = outcomes.filter((o) => o.status !== undefined);
    const tally = (keys: string[]) => Object.fromEntries([...new Set(keys)].map((k) => [k, keys.filter((x) => x === k).length]));
    console.log(
      `shutdown: exit ${code} after ${Math.round(exitedAt - sigtermAt)} ms; ${outcomes.length} requests, ` +
        `${inFlight.length} in flight at SIGTERM (${inFlight.filter((o) => o.status === 200).length} answered 200); ` +
        `statuses ${JSON.stringify(tally(answered.map((o) => String(o.status))))}; ` +
        `client errors ${JSON.stringify(tally(outcomes.flatMap((o) => (o.error ? [o.error] : []))))}`,
    );

    expect(code).toBe(0);
    expect(answered.filter((o) => o.startedAt < sigtermAt).length).toBeGreaterThan(100);
    // Every answer is whole: a full list, or the 503 a closing server gives on a kept-alive connection.
    for (const o of answered) {
      expect([200, 503]).toContain(o.status);
      if (o.status === 200) expect(JSON.parse(o.body!)).toHaveLength(100);
    }
    // Requests under way at SIGTERM are all answered: for a second the process keeps serving, each answer telling
    // its client to close the connection; then it stops listening. Requests sent after that see a refused or reset
    // connection (browsers retry those; a load balancer has stopped routing here, as /healthz said 503).
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.filter((o) => o.status === 200)).toHaveLength(inFlight.length);
    for (const o of outcomes.filter((o) => o.error)) expect(["ECONNREFUSED", "ECONNRESET"]).toContain(o.error);
  }, 120_000);
});
