import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gunzipSync } from "node:zlib";
import { headingsPage } from "../src/testing/hostile-page";
import { sharedData } from "../src/testing/shared-data";
import { htmlparser2Tree, linkedomDocument, type ParserName } from "./html-parser-trees";
import { parseHtml } from "../src/features/extraction/html/html-tree";

/**
 * Decision 0030: Kim's own HTML tree (html-tree.ts) beside htmlparser2 (building the same tree from its callbacks, as
 * Kim would use it) and linkedom (its parseHTML alone, before any copy or reading) on the shared pages of both sets
 * (recipe-pages and recipe-pages-more): the parse time a page (each page's median of ROUNDS parses, the three parsers
 * taking turns on each page so a busy machine slows them alike; then the median and the 99th percentile over pages),
 * the heap the trees of all pages hold, and the 5 MB page of repeated headings (least CPU time of three parses, and the
 * same at a quarter of the size: linear work costs about 4 times as much). Accuracy with each parser's tree is the
 * extraction bench's, run with BENCH_PARSER.
 *
 * The last rows are a hostile shape: a deep stack of unclosed elements, then as many end tags that match none of them
 * (CPU time at three sizes, each twice the one before: linear work doubles, quadratic work quadruples).
 *
 * Environment: BENCH_ROUNDS (default 5), BENCH_EVERY (every n-th page only, default 1: a quicker run on a busy machine).
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const EVERY = Number(process.env.BENCH_EVERY ?? 1);
const PARSE: Record<ParserName, (html: string) => unknown> = { kim: parseHtml, htmlparser2: htmlparser2Tree, linkedom: linkedomDocument };
const NAMES = Object.keys(PARSE) as ParserName[];

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function loadPages(): string[] {
  const html: string[] = [];
  for (const set of ["recipe-pages", "recipe-pages-more"]) {
    const root = sharedData(set);
    for (const host of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(path.join(root, host.name)).filter((f) => f.endsWith(".html.gz"))) {
        html.push(gunzipSync(readFileSync(path.join(root, host.name, file))).toString("utf8"));
      }
    }
  }
  return html.filter((_, k) => k % EVERY === 0);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const pages = loadPages();
const bytes = pages.reduce((sum, html) => sum + html.length, 0);
for (const name of NAMES) for (const html of pages.slice(0, 50)) PARSE[name](html);

const perPage: Record<ParserName, number[]> = { kim: [], htmlparser2: [], linkedom: [] };
for (const html of pages) {
  const times: Record<ParserName, number[]> = { kim: [], htmlparser2: [], linkedom: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of NAMES) {
      const start = performance.now();
      PARSE[name](html);
      times[name].push(performance.now() - start);
    }
  }
  for (const name of NAMES) perPage[name].push(median(times[name]));
}

/** The heap `make` leaves held, in MB, after a collection before and after. */
function heldMb(make: () => unknown): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  const held = process.memoryUsage().heapUsed - before;
  if (kept === undefined) throw new Error("nothing kept");
  return held / 1024 / 1024;
}

const leastCpu = (parse: (html: string) => unknown, html: string, runs = 3) => {
  let least = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = cpuMs();
    parse(html);
    least = Math.min(least, cpuMs() - start);
  }
  return least;
};

const hostile = headingsPage(5_000_000);
const quarter = headingsPage(1_250_000);
const row = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(40) : cell.padStart(14))).join(""));
const sample = EVERY > 1 ? `, every ${EVERY}th` : "";
console.log(`HTML parsers on ${pages.length} shared pages (${(bytes / 1024 / 1024).toFixed(0)} MB${sample}), ${ROUNDS} parses each\n`);
row(["", ...NAMES]);
row(["median ms a page", ...NAMES.map((name) => median(perPage[name]).toFixed(2))]);
row(["p99 ms a page", ...NAMES.map((name) => quantile(perPage[name], 0.99).toFixed(2))]);
row(["max ms a page", ...NAMES.map((name) => Math.max(...perPage[name]).toFixed(2))]);
row(["heap held, all pages' trees (MB)", ...NAMES.map((name) => heldMb(() => pages.map(PARSE[name])).toFixed(0))]);
row(["5 MB headings page: CPU ms", ...NAMES.map((name) => leastCpu(PARSE[name], hostile).toFixed(0))]);
row(["  its quarter: CPU ms", ...NAMES.map((name) => leastCpu(PARSE[name], quarter).toFixed(0))]);
row(["  heap its tree holds (MB)", ...NAMES.map((name) => heldMb(() => PARSE[name](hostile)).toFixed(0))]);
for (const open of [20_000, 40_000, 80_000]) {
  const html = `<body>${"<div>".repeat(open)}${"</span>".repeat(open)}`;
  row([`${open} unclosed, then unmatched end tags: CPU ms`, ...NAMES.map((name) => leastCpu(PARSE[name], html, 1).toFixed(0))]);
}
console.log("\nkim and htmlparser2 build the tree the extraction reads; linkedom is its parseHTML alone (a DOM, before any copy).");
