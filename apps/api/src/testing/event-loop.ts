import { performance } from "node:perf_hooks";

/**
 * Runs `work` and answers with its result and the share of the time meanwhile that this thread's event loop spent
 * running code rather than waiting for events (0 to 1). Work done in a worker leaves the share near 0; the same work
 * on this thread holds it near 1, however fast or loaded the machine, so tests check the share and never a time.
 */
export async function withLoopShare<T>(work: () => Promise<T>): Promise<{ answer: T; busy: number }> {
  const before = performance.eventLoopUtilization();
  const answer = await work();
  return { answer, busy: performance.eventLoopUtilization(before).utilization };
}
