import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scheduleJobs, type Job } from "./jobs";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A logger keeping each line's message. */
function logged() {
  const messages: string[] = [];
  const lines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      messages.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  return { log: pino(lines), messages };
}

describe("scheduleJobs", () => {
  it("runs each job on its own period with the deps and the time, logs a failed round and goes on, and stops", async () => {
    const runs: string[] = [];
    const hourly: Job<{ name: string }> = {
      name: "hourly",
      everyMs: 60 * 60_000,
      run: async (deps, now) => void runs.push(`${deps.name} ${now.toISOString()}`),
    };
    let failures = 0;
    const failing: Job<{ name: string }> = {
      name: "flaky job",
      everyMs: 20 * 60_000,
      run: async () => {
        failures++;
        throw new Error("database went away");
      },
    };
    vi.setSystemTime(new Date("2026-11-27T00:00:00Z"));
    const { log, messages } = logged();
    const stop = scheduleJobs([hourly, failing], { name: "deps" }, log);

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toEqual(["deps 2026-11-27T01:00:00.000Z"]);
    expect(failures).toBe(3);
    expect(messages).toEqual(["flaky job failed", "flaky job failed", "flaky job failed"]);

    stop();
    await vi.advanceTimersByTimeAsync(5 * 60 * 60_000);
    expect(runs).toHaveLength(1);
    expect(failures).toBe(3);
  });
});
