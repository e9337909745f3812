import { once } from "node:events";
import { Worker } from "node:worker_threads";

export interface HealthCheck {
  ms: number;
  status: number;
}

// Plain JavaScript run in a worker thread: a loop on the test's or bench's own event loop would stall with the
// server's when both share a process, and measure nothing.
const POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
let running = true;
const checks = [];
parentPort.on("message", () => (running = false));
(async () => {
  while (running) {
    const started = performance.now();
    let status = 0;
    try {
      const res = await fetch(workerData.url);
      await res.text();
      status = res.status;
    } catch {}
    checks.push({ ms: performance.now() - started, status });
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  }
  parentPort.postMessage(checks);
})();
`;

/**
 * Asks `url` (a /healthz) every `everyMs` from another thread, as a load balancer would, until `stop`, which answers
 * each check's time from request to whole answer, and its status (0 when the connection failed).
 */
export function pollHealth(url: string, everyMs = 20): { stop: () => Promise<HealthCheck[]> } {
  const worker = new Worker(POLLER, { eval: true, workerData: { url, everyMs } });
  return {
    async stop() {
      const answer = once(worker, "message");
      worker.postMessage("stop");
      const [checks] = (await answer) as [HealthCheck[]];
      await worker.terminate();
      return checks;
    },
  };
}
