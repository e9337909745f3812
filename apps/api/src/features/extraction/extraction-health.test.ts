import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollHealth } from "../../testing/health-poller";
import { headingsPage } from "../../testing/hostile-page";
import { withLoopShare } from "../../testing/event-loop";
import { recipeSiteStandIn } from "../../testing/recipe-site-stand-in";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { HTML_LIMITS } from "./html/html-reader";

const site = recipeSiteStandIn();
let t: TestApp;
let origin = "";
const { timeoutMs } = HTML_LIMITS;

beforeAll(async () => {
  // The page reads in about a second alone; this machine's cores are shared by other suites, so its time cap is
  // raised here (html-reader.test.ts checks the cap itself).
  HTML_LIMITS.timeoutMs = 60_000;
  await site.start();
  t = await createTestApp({ fetchAllowPrivateNetwork: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  HTML_LIMITS.timeoutMs = timeoutMs;
  await t.close();
  await site.stop();
});

describe("URL import of a 5 MB page", () => {
  it("keeps /healthz answering while the page is read, this thread's loop mostly idle", { timeout: 120_000 }, async () => {
    const { cookie } = await createUser(t, { isPro: true });
    const url = site.page("/everything", headingsPage(5_000_000));
    // A health check every 20 ms from another thread, as a load balancer's would come.
    const poller = pollHealth(`${origin}/healthz`);
    const { answer: res, busy } = await withLoopShare(() =>
      fetch(`${origin}/api/recipes/extract-from-url`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ url }),
      }),
    );
    // The checks the poller made while the import ran.
    const checks = await poller.stop();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { count: number; recipes: { title: string }[] };
    expect(body.recipes[0]?.title).toBe("Everything");
    // Read on the event loop, the page held every request up for seconds (22.8 s in the issue); in a worker this thread
    // waits nearly all the time. A share, not a time: bench/import-health.ts measures the checks' times.
    expect(busy).toBeLessThan(0.5);
    expect(checks.length).toBeGreaterThan(5);
    expect(checks.every((check) => check.status === 200)).toBe(true);
  });
});
