import { availableParallelism } from "node:os";
import { PDF_LIMITS, REFUSALS, type PdfImport, type PdfJob, type PdfText } from "./pdf-text";
import { WorkerPool } from "../worker-pool";

export { PDF_LIMITS, REFUSALS, type PdfImport, type PdfLine, type PdfRefusal, type PdfText } from "./pdf-text";

/**
 * Reading PDFs off the main thread. pdf.js runs in worker threads (a few, reused), one file at a time each, so a heavy
 * or hostile file never stalls other requests; a file that takes longer than the time cap is refused and its worker
 * stopped. The pool is worker-pool.ts's; the worker is `pdf-worker.ts` (its own tsup entry, `pdf-worker`).
 */

export interface ReadPdfOptions {
  /** Time cap for this file; PDF_LIMITS.timeoutMs when not given. */
  timeoutMs?: number;
  /** The workers to read it in; the process's own when not given (tests bring a smaller one). */
  pool?: PdfWorkerPool;
}

/** How many files are read at once, how many more may wait, and for how long, before a file is refused with 503. */
export interface PoolSize {
  workers: number;
  waiting: number;
  waitMs: number;
}

// Enough for a large cookbook's fonts and pages; a file that needs more is refused, not the process brought down.
const WORKER_MEMORY_MB = 512;
// An idle worker keeps pdf.js loaded for the next file this long, then goes.
const IDLE_MS = 30_000;
const MAX_WORKERS = Math.min(4, Math.max(2, availableParallelism() - 1));
// Each file in a worker may hold a few hundred MB (see pdf-streams.ts), so only a few run at once; a few more wait,
// each holding its upload, for about as long as a file takes to read.
export const POOL_SIZE: PoolSize = { workers: MAX_WORKERS, waiting: 2 * MAX_WORKERS, waitMs: 15_000 };

/** Whether the bytes are a PDF's: its header within the first kilobyte, as readers accept it. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

/** The text of a PDF as lines in reading order, or why the file is refused (status and message for the answer). */
export async function readPdf(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfText> {
  const answer = await inWorker(bytes, false, options);
  // A worker asked for lines answers lines.
  return answer.kind === "refused" || !("recipes" in answer) ? answer : REFUSALS.broken;
}

/** The recipes of a PDF and its text for a model, or why the file is refused: all the work done in a worker. */
export async function importPdf(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfImport> {
  const answer = await inWorker(bytes, true, options);
  return answer.kind === "refused" || "recipes" in answer ? answer : REFUSALS.broken;
}

function inWorker(bytes: Uint8Array, recipes: boolean, options: ReadPdfOptions): Promise<PdfText | PdfImport> {
  if (bytes.byteLength > PDF_LIMITS.bytes) return Promise.resolve(REFUSALS.tooLarge);
  if (!looksLikePdf(bytes)) return Promise.resolve(REFUSALS.notPdf);
  // A copy the worker can own: the caller's bytes may share a pooled buffer.
  const copy = new Uint8Array(bytes).buffer;
  return (options.pool ?? pool).run({ bytes: copy, recipes }, options.timeoutMs ?? PDF_LIMITS.timeoutMs, [copy]);
}

/** The PDF workers: the shared worker pool with the PDF reader's heap cap and refusals. */
export class PdfWorkerPool extends WorkerPool<PdfJob, PdfText | PdfImport> {
  constructor(size: PoolSize = POOL_SIZE) {
    super({
      worker: new URL("./pdf-worker", import.meta.url),
      maxWorkers: size.workers,
      memoryMb: WORKER_MEMORY_MB,
      idleMs: IDLE_MS,
      broken: REFUSALS.broken,
      tooSlow: REFUSALS.tooSlow,
      maxQueued: size.waiting,
      maxWaitMs: size.waitMs,
      busy: REFUSALS.busy,
    });
  }
}

const pool = new PdfWorkerPool();
