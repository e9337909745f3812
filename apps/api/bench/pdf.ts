import { performance } from "node:perf_hooks";
import { readPdf } from "../src/features/extraction/pdf/pdf-reader";
import { foundRecipes, scoreFile, sharedPdfs, type FileScore } from "./pdf-score";

/**
 * PDF import without AI on the shared development set (../shared/data/recipe-pdfs): recipes found (recall and
 * precision against the expected titles), exact ingredient lists, steps (90% word-level similarity), servings and
 * times, and milliseconds a page (reading in the worker thread plus finding recipes; the worker already warm).
 * Targets: recall and precision 95%, ingredient lists 85%, steps 85%, under 50 ms a page.
 *
 * Environment: BENCH_VERBOSE=1 prints every miss.
 */

const VERBOSE = process.env.BENCH_VERBOSE === "1";
const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);

const files = sharedPdfs();
// pdf.js loads once per worker: warm it on one file so the figures are per file, not per start.
await readPdf(files.find((f) => !f.name.startsWith("bad-"))!.bytes);

const total: FileScore = { expected: 0, found: 0, matched: 0, ingredients: 0, steps: 0, servings: 0, times: 0, misses: [] };
let pages = 0;
let ms = 0;
const rows: string[] = [];
for (const { name, bytes, expected } of files) {
  const started = performance.now();
  const text = await readPdf(bytes);
  const found = text.kind === "ok" ? foundRecipes(text.pages) : [];
  const took = performance.now() - started;
  if (expected.expect_status !== undefined) {
    const status = text.kind === "refused" ? text.status : 200;
    rows.push(
      `${name.padEnd(34)} status ${status} (expected ${expected.expect_status})${status === expected.expect_status ? "" : "  MISMATCH"}`,
    );
    continue;
  }
  const score = scoreFile(found, expected.recipes ?? []);
  const pageCount = text.kind === "ok" ? text.pages.length : (expected.pages ?? 1);
  pages += pageCount;
  ms += took;
  for (const key of ["expected", "found", "matched", "ingredients", "steps", "servings", "times"] as const) total[key] += score[key];
  total.misses.push(...score.misses.map((m) => `${name}: ${m}`));
  rows.push(
    `${name.padEnd(34)} recipes ${score.matched}/${score.expected} (found ${score.found})  ingredients ${score.ingredients}  steps ${score.steps}  servings ${score.servings}  times ${score.times}  ${(took / pageCount).toFixed(1)} ms/page`,
  );
}

console.log(rows.join("\n"));
console.log(
  [
    "",
    `PDF import on ${files.length} files (${pages} pages of recipes, ${total.expected} recipes):`,
    `  recall     ${pct(total.matched, total.expected)}  (target 95%)`,
    `  precision  ${pct(total.matched, total.found)}  (target 95%)`,
    `  exact ingredient lists  ${pct(total.ingredients, total.expected)}  (target 85%)`,
    `  steps (90% similar)     ${pct(total.steps, total.expected)}  (target 85%)`,
    `  servings                ${pct(total.servings, total.expected)}`,
    `  prep and cook times     ${pct(total.times, total.expected)}`,
    `  ${(ms / pages).toFixed(1)} ms a page  (target under 50)`,
  ].join("\n"),
);
if (VERBOSE || total.misses.length <= 30) console.log(`\nMisses:\n${total.misses.map((m) => `  ${m}`).join("\n")}`);
process.exit(0);
