import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import type { CollectionReading } from "../src/features/transfer/reading";
import { TRANSFER_LIMITS } from "../src/features/transfer/reading";
import { paprikaFile, sampleRecipes } from "../src/testing/collection-samples";

/**
 * Display copies (decision 0048): the collection worker reads a Paprika file of `count` recipes, each with a photo, as
 * the server's worker does (its heap capped), and this prints its time and the process's peak RSS over idle; sharp's
 * memory is native, outside the heap cap. Photos: "camera" (20 different 1600 x 1200 JPEGs of about 200 KB, made
 * here), or a file's (`photo=PATH`, every recipe the same one). sharp is loaded here first, as the server loads it.
 * Run: `pnpm exec tsx bench/photo-copies.ts 2000 camera` (from apps/api).
 */

const count = Number(process.argv[2] ?? 2000);
const kind = process.argv[3] ?? "camera";

async function cameraPhoto(): Promise<Buffer> {
  const noise = (width: number, height: number, sigma: number) =>
    sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } } });
  const shapes = await noise(50, 38, 60).resize(1600, 1200, { kernel: "cubic" }).png().toBuffer();
  const grain = await noise(1600, 1200, 8).png().toBuffer();
  return sharp(shapes)
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const photos = kind.startsWith("photo=") ? [readFileSync(kind.slice(6))] : await Promise.all(Array.from({ length: 20 }, cameraPhoto));
const dir = mkdtempSync(join(tmpdir(), "kim-bench-photo-copies-"));
const path = join(dir, "upload");
writeFileSync(path, await paprikaFile(sampleRecipes(count, "Copies").map((r, i) => ({ ...r, photo: photos[i % photos.length] }))));
mkdirSync(join(dir, "images"));
await new Promise((resolve) => setTimeout(resolve, 1000));
const idle = process.memoryUsage.rss();
let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
const started = performance.now();
const worker = new Worker(new URL("./photo-copies-worker.mjs", import.meta.url), {
  resourceLimits: { maxOldGenerationSizeMb: TRANSFER_LIMITS.memoryMb },
});
const answer = await new Promise<CollectionReading>((resolve, reject) => {
  worker.once("message", resolve);
  worker.once("error", reject);
  worker.postMessage({ path, imagesDir: join(dir, "images") });
});
clearInterval(sampler);
await worker.terminate();
rmSync(dir, { recursive: true, force: true });
const kept = answer.kind === "ok" ? answer.recipes.filter((r) => r.image).length : 0;
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
console.log(
  `${count} recipes (${kind}): ${answer.kind}, ${kept} photos kept, in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB (+${mb(peak - idle)} MB)`,
);
