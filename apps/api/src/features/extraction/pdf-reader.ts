import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { PDF_LIMITS, REFUSALS, type PdfImport, type PdfJob, type PdfText } from "./pdf-text";

export { PDF_LIMITS, REFUSALS, type PdfImport, type PdfLine, type PdfRefusal, type PdfText } from "./pdf-text";

/**
 * Reading PDFs off the main thread. pdf.js runs in worker threads (a few, reused), one file at a time each, so a heavy
 * or hostile file never stalls other requests; a file that takes longer than the time cap is refused and its worker
 * stopped. The worker is the built `pdf-worker.js` beside this module in the production build (its own tsup entry),
 * or `pdf-worker.ts` run through tsx when the API runs from its sources (tsx, vitest).
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
  return (options.pool ?? pool).run({ bytes: copy, recipes }, options.timeoutMs ?? PDF_LIMITS.timeoutMs);
}

interface Entry {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

interface Queued {
  job: PdfJob;
  timeoutMs: number;
  resolve: (answer: PdfText | PdfImport) => void;
  waiting: NodeJS.Timeout;
}

/** The worker's code: the built file in production, else the TypeScript source through tsx's loader. */
function workerSource(): { code: URL | string; eval: boolean } {
  const built = new URL("./pdf-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(built))) return { code: built, eval: false };
  const source = new URL("./pdf-worker.ts", import.meta.url);
  if (!existsSync(fileURLToPath(source))) {
    throw new Error(
      "pdf-worker.js is missing beside the API's build: add src/features/extraction/pdf-worker.ts as tsup entry 'pdf-worker'",
    );
  }
  // Node 20 does not hand `--import` loaders to a worker's entry, so the worker registers tsx itself, then loads the
  // source (tsx's ESM API, not the CommonJS one that require.resolve finds first).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
  return { code, eval: true };
}

export class PdfWorkerPool {
  private readonly idle: Entry[] = [];
  private readonly queue: Queued[] = [];
  private busy = 0;

  constructor(private readonly size: PoolSize = POOL_SIZE) {}

  run(job: PdfJob, timeoutMs: number): Promise<PdfText | PdfImport> {
    return new Promise((resolve) => {
      const free = this.busy < this.size.workers;
      if (!free && this.queue.length >= this.size.waiting) return resolve(REFUSALS.busy);
      const task: Queued = {
        job,
        timeoutMs,
        resolve,
        waiting: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(task), 1);
          resolve(REFUSALS.busy);
        }, this.size.waitMs),
      };
      this.queue.push(task);
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0 && this.busy < this.size.workers) {
      const task = this.queue.shift()!;
      clearTimeout(task.waiting);
      const entry = this.idle.pop() ?? this.start();
      clearTimeout(entry.idleTimer);
      this.busy += 1;
      this.work(entry, task);
    }
  }

  private start(): Entry {
    const source = workerSource();
    const worker = new Worker(source.code, { eval: source.eval, resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB } });
    return { worker };
  }

  private work(entry: Entry, task: Queued): void {
    const { worker } = entry;
    worker.ref();
    let done = false;
    const finish = (answer: PdfText | PdfImport, keep: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      this.busy -= 1;
      if (keep) this.rest(entry);
      else void worker.terminate();
      task.resolve(answer);
      this.next();
    };
    const onMessage = (answer: PdfText | PdfImport) => finish(answer, true);
    // A worker that runs out of memory or fails to start: the file could not be read, and the worker is not reused.
    const onError = () => finish(REFUSALS.broken, false);
    const onExit = () => finish(REFUSALS.broken, false);
    const timer = setTimeout(() => finish(REFUSALS.tooSlow, false), task.timeoutMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(task.job, [task.job.bytes]);
  }

  private rest(entry: Entry): void {
    entry.worker.unref();
    entry.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(entry);
      if (index !== -1) this.idle.splice(index, 1);
      void entry.worker.terminate();
    }, IDLE_MS);
    entry.idleTimer.unref();
    this.idle.push(entry);
  }
}

const pool = new PdfWorkerPool();
