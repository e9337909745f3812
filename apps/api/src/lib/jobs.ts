import type { FastifyBaseLogger } from "fastify";

/**
 * Work each process does on a timer, given `deps`. Every process runs it, so its work must be safe when several do
 * at once (idempotent deletes, rows claimed in a transaction).
 */
export interface Job<D> {
  /** Named in the log when a round fails. */
  name: string;
  everyMs: number;
  run(deps: D, now: Date): Promise<void>;
}

/** Runs each job every `everyMs` (the timers keep no process alive); a failed round is logged and the next one comes. Answers how to stop. */
export function scheduleJobs<D>(jobs: Job<D>[], deps: D, log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      job.run(deps, new Date()).catch((err: unknown) => log.warn({ err }, `${job.name} failed`));
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
