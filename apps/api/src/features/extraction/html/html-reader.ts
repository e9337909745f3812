import { availableParallelism } from "node:os";
import { HTML_LIMITS, HTML_REFUSALS, type HtmlJob, type HtmlReading } from "./html-text";
import { WorkerPool } from "../worker-pool";

export { HTML_LIMITS, HTML_REFUSALS, type HtmlReading, type HtmlRefusal } from "./html-text";

/**
 * Reading fetched pages off the main thread, as the PDF reader does: the parse and the extraction run in a few reused
 * worker threads (html-worker.ts), one page each at a time, so a 5 MB page never holds up other requests; a page
 * past the time cap is refused with 422 and its worker stopped. More imports at once than workers wait their turn,
 * a few of them; past those, 503 at once.
 */

export interface ReadHtmlOptions {
  /** Time cap for this page; HTML_LIMITS.timeoutMs when not given. */
  timeoutMs?: number;
  /** Whether to send back the page's text for a model when its markup shows no recipe. */
  wantText?: boolean;
}

/** How many pages are read at once: room for the other requests on the remaining cores. */
export const HTML_WORKERS = Math.min(2, Math.max(1, availableParallelism() - 1));

const pool = new WorkerPool<HtmlJob, HtmlReading>({
  worker: new URL("./html-worker", import.meta.url),
  maxWorkers: HTML_WORKERS,
  memoryMb: HTML_LIMITS.memoryMb,
  idleMs: 30_000,
  broken: HTML_REFUSALS.broken,
  tooSlow: HTML_REFUSALS.tooComplex,
  maxQueued: HTML_LIMITS.queued,
  maxWaitMs: HTML_LIMITS.waitMs,
  busy: HTML_REFUSALS.busy,
});

/** The recipes on a fetched page (and its text for a model, when asked and none was found), or why it was refused. */
export function readHtml(html: string, pageUrl: string, options: ReadHtmlOptions = {}): Promise<HtmlReading> {
  return pool.run({ html, pageUrl, wantText: options.wantText ?? false }, options.timeoutMs ?? HTML_LIMITS.timeoutMs);
}
