// The collection reader in a worker thread, its TypeScript loaded by tsx (bench/photo-copies.ts).
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { readCollection } = await import("../src/features/transfer/collection-reader.ts");
parentPort.once("message", async (job) => parentPort.postMessage(await readCollection(job)));
