import { describe, expect, it } from "vitest";
import { headingsPage } from "../../testing/hostile-page";
import { HTML_REFUSALS, type HtmlJob, type HtmlReading } from "./html/html-text";
import { WorkerPool } from "./worker-pool";

// The pool runs the HTML reader's worker: a real worker, with its 1 MB heading page as the job that holds it.
const job = (html: string): HtmlJob => ({ html, pageUrl: "https://cooks.example/everything", wantText: false });
const slow = job(headingsPage(1_000_000));
const quick = job("<html><body><h1>Toast</h1></body></html>");

/** One worker, and one job that may wait for it. */
function onePool(limits: { maxQueued: number; maxWaitMs?: number }): WorkerPool<HtmlJob, HtmlReading> {
  return new WorkerPool<HtmlJob, HtmlReading>({
    worker: new URL("./html/html-worker", import.meta.url),
    maxWorkers: 1,
    memoryMb: 512,
    idleMs: 1_000,
    broken: HTML_REFUSALS.broken,
    tooSlow: HTML_REFUSALS.tooComplex,
    busy: HTML_REFUSALS.busy,
    ...limits,
  });
}

describe("WorkerPool", () => {
  it("answers busy to a job that waited past maxWaitMs, while the job ahead still runs", { timeout: 60_000 }, async () => {
    const pool = onePool({ maxQueued: 1, maxWaitMs: 5 });
    const answered: string[] = [];
    const running = pool.run(slow, 50_000).finally(() => answered.push("running"));
    const waiting = pool.run(quick, 50_000).finally(() => answered.push("waiting"));
    expect(await waiting).toEqual(HTML_REFUSALS.busy);
    expect(answered).toEqual(["waiting"]);
    expect((await running).kind).toBe("ok");
    // The refused job left the queue; the worker takes the next one.
    expect((await pool.run(quick, 50_000)).kind).toBe("ok");
  });

  it("runs a waiting job that gets a worker within maxWaitMs", { timeout: 60_000 }, async () => {
    const pool = onePool({ maxQueued: 1, maxWaitMs: 50_000 });
    const running = pool.run(slow, 50_000);
    const waiting = pool.run(quick, 50_000);
    expect((await running).kind).toBe("ok");
    expect((await waiting).kind).toBe("ok");
  });

  it("runs a job on a free worker even when no job may wait, and refuses the next at once", { timeout: 60_000 }, async () => {
    const pool = onePool({ maxQueued: 0 });
    const running = pool.run(slow, 50_000);
    expect(await pool.run(quick, 50_000)).toEqual(HTML_REFUSALS.busy);
    expect((await running).kind).toBe("ok");
  });
});
