import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type Transferable } from "node:worker_threads";

/**
 * A few reused worker threads running one job each at a time, with a time cap a job and a heap cap a worker: a heavy
 * or hostile input never stalls the main thread, and a job past its cap (or a worker out of memory) stops its worker.
 * The PDF reader's and the HTML reader's.
 */
export interface WorkerPoolOptions<Answer> {
  /**
   * The worker's file without its extension, resolved against the reader's module (`new URL("./html-worker",
   * import.meta.url)`): the built `.js` (a tsup entry of the same name, beside the bundle), else the source `.ts`.
   */
  worker: URL;
  maxWorkers: number;
  /** The heap a worker may use; a job that needs more is answered `broken` and its worker stopped. */
  memoryMb: number;
  /** An idle worker stays this long for the next job, then goes. */
  idleMs: number;
  /** The answer when the worker fails, exits or runs out of memory. */
  broken: Answer;
  /** The answer past the time cap. */
  tooSlow: Answer;
  /** Jobs that may wait while every worker is busy; past them, `busy` is the answer at once (each holds its input). */
  maxQueued: number;
  /** How long a job may wait for a worker before `busy` is its answer; no limit when not given. */
  maxWaitMs?: number;
  busy: Answer;
}

interface Entry {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

interface Queued<Job, Answer> {
  job: Job;
  transfer: Transferable[];
  timeoutMs: number;
  resolve: (answer: Answer) => void;
  waiting?: NodeJS.Timeout;
}

/**
 * The worker's code: the built file beside the API's bundle in production (a tsup entry of its own), else the
 * TypeScript source through tsx's loader (tsx, vitest).
 */
function workerSource(worker: URL): { code: URL | string; eval: boolean } {
  const built = new URL(`${worker.href}.js`);
  if (existsSync(fileURLToPath(built))) return { code: built, eval: false };
  const source = new URL(`${worker.href}.ts`);
  if (!existsSync(fileURLToPath(source))) {
    throw new Error(`${fileURLToPath(built)} is missing beside the API's build: make its source a tsup entry of that name`);
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

export class WorkerPool<Job, Answer> {
  private readonly idle: Entry[] = [];
  private readonly queue: Queued<Job, Answer>[] = [];
  private busy = 0;

  constructor(private readonly options: WorkerPoolOptions<Answer>) {}

  /** Runs `job` on the next free worker; its time cap starts when a worker takes it. */
  run(job: Job, timeoutMs: number, transfer: Transferable[] = []): Promise<Answer> {
    const { maxWorkers, maxQueued, maxWaitMs, busy } = this.options;
    if (this.busy >= maxWorkers && this.queue.length >= maxQueued) return Promise.resolve(busy);
    return new Promise((resolve) => {
      const task: Queued<Job, Answer> = { job, transfer, timeoutMs, resolve };
      if (maxWaitMs !== undefined) {
        task.waiting = setTimeout(() => {
          this.queue.splice(this.queue.indexOf(task), 1);
          resolve(busy);
        }, maxWaitMs);
      }
      this.queue.push(task);
      this.next();
    });
  }

  private next(): void {
    // A worker is busy or idle, so one is free (idle, or yet to start) exactly when fewer than maxWorkers are busy.
    while (this.queue.length > 0 && this.busy < this.options.maxWorkers) {
      const task = this.queue.shift()!;
      clearTimeout(task.waiting);
      const entry = this.idle.pop() ?? this.start();
      clearTimeout(entry.idleTimer);
      this.busy += 1;
      this.work(entry, task);
    }
  }

  private start(): Entry {
    const source = workerSource(this.options.worker);
    const worker = new Worker(source.code, {
      eval: source.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    return { worker };
  }

  private work(entry: Entry, task: Queued<Job, Answer>): void {
    const { worker } = entry;
    worker.ref();
    let done = false;
    const finish = (answer: Answer, keep: boolean) => {
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
    const onMessage = (answer: Answer) => finish(answer, true);
    // A worker that runs out of memory or fails to start: the input could not be read, and the worker is not reused.
    const onError = () => finish(this.options.broken, false);
    const onExit = () => finish(this.options.broken, false);
    const timer = setTimeout(() => finish(this.options.tooSlow, false), task.timeoutMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(task.job, task.transfer);
  }

  private rest(entry: Entry): void {
    entry.worker.unref();
    entry.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(entry);
      if (index !== -1) this.idle.splice(index, 1);
      void entry.worker.terminate();
    }, this.options.idleMs);
    entry.idleTimer.unref();
    this.idle.push(entry);
  }
}
