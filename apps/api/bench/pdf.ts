import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { readPdf } from "../src/features/extraction/pdf/pdf-reader";
import { foundRecipes, GENERATED_PDFS, RECIPE_PDFS, scoreFile, sharedPdfs, type FileScore } from "./pdf-score";
import { partOf, PARTS, type Part } from "./split";

/**
 * PDF import without AI: recipes found (recall and precision against the expected titles), exact ingredient lists,
 * steps (90% word-level similarity), servings and times, and milliseconds a page (reading in the worker thread plus
 * finding recipes; the worker already warm). Targets: recall and precision 95%, ingredient lists 85%, steps 85%, under
 * 50 ms a page.
 *
 * Two sets: the shared development PDFs (../shared/data/recipe-pdfs) and, when present, the generated ones
 * (BENCH_PDFS, generated-pdfs beside the repository by default; made by bench/make-pdfs.ts from recipe-pages-more). Each is split by
 * site (bench/split.ts, decision 0040): figures for both parts, misses for the read part only (BENCH_SHOW_HELD_OUT=1
 * prints the held-out part's too, for a report, never while writing rules).
 *
 * Environment: BENCH_VERBOSE=1 prints every miss of the parts shown.
 */

const VERBOSE = process.env.BENCH_VERBOSE === "1";
const SHOW_HELD_OUT = process.env.BENCH_SHOW_HELD_OUT === "1";
const GENERATED = process.env.BENCH_PDFS ?? GENERATED_PDFS;
const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);
// A file refused for time on a machine shared with other work would count as missed recipes: accuracy is measured
// with a generous cap (the time a page takes is printed apart).
const TIMEOUT_MS = 300_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const sets = [{ label: "shared recipe-pdfs", folder: RECIPE_PDFS }];
if (existsSync(GENERATED)) sets.push({ label: `generated (${GENERATED})`, folder: GENERATED });

let warm = false;
for (const set of sets) {
  const files = sharedPdfs(set.folder);
  if (!warm) {
    // pdf.js loads once per worker: warm it on one file so the figures are per file, not per start.
    await readPdf(files.find((f) => !f.name.startsWith("bad-"))!.bytes);
    warm = true;
  }
  const totals = new Map<Part, FileScore & { files: number; pages: number }>(
    PARTS.map((part) => [
      part,
      { expected: 0, found: 0, matched: 0, ingredients: 0, steps: 0, servings: 0, times: 0, misses: [], files: 0, pages: 0 },
    ]),
  );
  const msPerPage: number[] = [];
  const rows: string[] = [];
  for (const { name, bytes, expected } of files) {
    const part = partOf(expected.site ?? name.replace(/\.pdf$/, ""));
    const shown = part === "read" || SHOW_HELD_OUT;
    const started = performance.now();
    const text = await readPdf(bytes, { timeoutMs: TIMEOUT_MS });
    const found = text.kind === "ok" ? foundRecipes(text.pages) : [];
    const took = performance.now() - started;
    if (expected.expect_status !== undefined) {
      const status = text.kind === "refused" ? text.status : 200;
      if (shown)
        rows.push(
          `${name.padEnd(44)} status ${status} (expected ${expected.expect_status})${status === expected.expect_status ? "" : "  MISMATCH"}`,
        );
      continue;
    }
    const score = scoreFile(found, expected.recipes ?? []);
    const pageCount = text.kind === "ok" ? text.pages.length : (expected.pages ?? 1);
    const total = totals.get(part)!;
    total.files += 1;
    total.pages += pageCount;
    msPerPage.push(took / pageCount);
    for (const key of ["expected", "found", "matched", "ingredients", "steps", "servings", "times"] as const) total[key] += score[key];
    if (shown) total.misses.push(...score.misses.map((m) => `${name}: ${m}`));
    if (shown && (VERBOSE || files.length <= 40))
      rows.push(
        `${name.padEnd(44)} ${part.padEnd(8)} recipes ${score.matched}/${score.expected} (found ${score.found})  ingredients ${score.ingredients}  steps ${score.steps}  servings ${score.servings}  times ${score.times}  ${(took / pageCount).toFixed(1)} ms/page`,
      );
  }

  const line = (label: string, value: (t: FileScore) => string, target: string) =>
    `  ${label.padEnd(24)}${PARTS.map((part) => value(totals.get(part)!).padStart(14)).join("")}  ${target}`;
  console.log(rows.join("\n"));
  console.log(
    [
      "",
      `PDF import, ${set.label}: ${files.length} files`,
      `  ${"".padEnd(24)}${PARTS.map((part) => `${part} (${totals.get(part)!.files})`.padStart(14)).join("")}`,
      line("recipes", (t) => String(t.expected), ""),
      line("recall", (t) => pct(t.matched, t.expected), "(target 95%)"),
      line("precision", (t) => pct(t.matched, t.found), "(target 95%)"),
      line("exact ingredient lists", (t) => pct(t.ingredients, t.expected), "(target 85%)"),
      line("steps (90% similar)", (t) => pct(t.steps, t.expected), "(target 85%)"),
      line("servings", (t) => pct(t.servings, t.expected), ""),
      line("prep and cook times", (t) => pct(t.times, t.expected), ""),
      `  median ${median(msPerPage).toFixed(1)} ms a page, max ${Math.max(...msPerPage).toFixed(1)}  (target under 50)`,
    ].join("\n"),
  );
  const misses = PARTS.flatMap((part) => totals.get(part)!.misses);
  if (VERBOSE || misses.length <= 30)
    console.log(`\nMisses${SHOW_HELD_OUT ? "" : " (read part)"}:\n${misses.map((m) => `  ${m}`).join("\n")}\n`);
  else console.log(`\n${misses.length} misses in the parts shown (BENCH_VERBOSE=1 prints them)\n`);
}
process.exit(0);
