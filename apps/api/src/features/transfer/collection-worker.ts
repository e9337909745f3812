/**
 * The collection worker thread: reads one uploaded collection file a message (collection-reader.ts) and answers its
 * recipes, or why it was refused. Started by the service's pool, which caps its time and heap.
 */
import { parentPort } from "node:worker_threads";
import { readCollection } from "./collection-reader";
import { REFUSALS, type CollectionJob, type CollectionReading } from "./reading";

parentPort?.on("message", (job: CollectionJob) => {
  readCollection(job).then(
    (answer: CollectionReading) => parentPort?.postMessage(answer),
    () => parentPort?.postMessage(REFUSALS.broken),
  );
});
