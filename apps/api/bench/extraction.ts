import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gunzipSync } from "node:zlib";
import { sharedData } from "../src/testing/shared-data";
import { extractRecipesFromHtml, type ExtractedRecipe } from "../src/features/extraction/html/html-recipes";
import { decodeEntities } from "../src/features/extraction/text";
import { PARSERS, TREES, type ParserName } from "./html-parser-trees";
import { partOf, PARTS, type Part } from "./split";

/**
 * Recipe extraction without AI on the saved pages in shared/data/recipe-pages (211 pages, 118 sites), against the
 * values recipe-scrapers' own tests expect from each. recipe-scrapers is the reference: its figures come from its
 * expected values, so they are 100% by definition. Time is the median over pages of each page's median of ROUNDS
 * runs of extractRecipesFromHtml (parse + extract; gunzip and reading excluded).
 *
 * Measures: title (equal after normalisation, any case); ingredients (the whole list equal, line for line, after
 * normalisation); instructions (the steps joined, a word-multiset Dice ratio of at least 0.9 against the expected
 * steps joined: 2 x shared words / all words, so where lines break doesn't matter); servings (the first number of the
 * expected `yields` equals ours; pages whose expected yields is empty left out).
 *
 * Normalisation, the same on both sides: entities decoded, each run of whitespace one space, none at either end, and
 * none before a comma, semicolon, colon, full stop, "!", "?" or ")" or after "(". A reader that joins an element's
 * parts with spaces makes "gin</span>, Beefeater" into "gin , Beefeater", another reads "gin, Beefeater": the same
 * text. Nothing else is forgiven: letters, digits, fractions ("½" is not "1/2") and the marks themselves must match.
 *
 * Each page set is split by site (bench/split.ts, decision 0040) into the part read while writing rules and a held-out
 * part that is only measured: the figures are printed for both parts of each set, the failures for the read part only
 * (BENCH_SHOW_HELD_OUT=1 prints the held-out part's too, for a report, never while writing rules).
 *
 * Environment: BENCH_ROUNDS (default 5), BENCH_VERBOSE=1 (print every failure in full), BENCH_PAGES (the shared
 * folders of pages, comma-separated: recipe-pages, the first development set, and recipe-pages-more, the second, by
 * default), BENCH_PARSER (the tree the extraction reads: kim, Kim's own, by default; htmlparser2 or linkedom, for
 * decision 0030), BENCH_WITHOUT_DATA=1 (every page with its JSON-LD blocks and microdata attributes taken out, so the
 * markup reader is measured on all pages, not only the few without data: decision 0040, fifth pass). A rule is
 * measured by switching it off in the code and running the bench again (decision 0040).
 */

interface Expected {
  title: string;
  /** A list of lines; one page's is the lines in one string. */
  ingredients: string[] | string;
  /** Missing on two of the second set's pages: scored as no steps. */
  instructions_list?: string[];
  yields: string | null;
  canonical_url?: string;
}

interface Page {
  set: string;
  part: Part;
  name: string;
  html: string;
  expected: Expected;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const VERBOSE = process.env.BENCH_VERBOSE === "1";
const SIMILAR = 0.9;
const SETS = (process.env.BENCH_PAGES ?? "recipe-pages,recipe-pages-more").split(",");
const SHOW_HELD_OUT = process.env.BENCH_SHOW_HELD_OUT === "1";
const PARSER = (process.env.BENCH_PARSER ?? "kim") as ParserName;
const WITHOUT_DATA = process.env.BENCH_WITHOUT_DATA === "1";
if (!PARSERS.includes(PARSER)) throw new Error(`BENCH_PARSER is one of ${PARSERS.join(", ")}`);

/** The page's recipes, its tree (when one is needed) made by the parser measured. */
function extract(html: string, url: string): ExtractedRecipe[] {
  if (PARSER === "kim") return extractRecipesFromHtml(html, url);
  let tree: ReturnType<(typeof TREES)[ParserName]> | undefined;
  return extractRecipesFromHtml(html, url, () => (tree ??= TREES[PARSER](html)));
}

/** The page as a site without structured data would print it: no JSON-LD blocks, no microdata attributes. */
const withoutData = (html: string) =>
  html.replace(/<script[^>]*ld\+json[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/\s(?:itemprop|itemtype|itemscope)(?:="[^"]*")?/gi, "");

function loadPages(set: string): Page[] {
  const root = sharedData(set);
  const pages: Page[] = [];
  for (const host of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(path.join(root, host.name)).filter((f) => f.endsWith(".html.gz"))) {
      const base = file.slice(0, -".html.gz".length);
      const html = gunzipSync(readFileSync(path.join(root, host.name, file))).toString("utf8");
      pages.push({
        set,
        part: partOf(host.name),
        name: `${host.name}/${base}`,
        html: WITHOUT_DATA ? withoutData(html) : html,
        expected: JSON.parse(readFileSync(path.join(root, host.name, `${base}.json`), "utf8")) as Expected,
      });
    }
  }
  return pages.sort((a, b) => a.name.localeCompare(b.name));
}

const normalise = (text: string) =>
  decodeEntities(text)
    .replace(/\s+/g, " ")
    .replace(/ (?=[,;:.!?)])|(?<=\() /g, "")
    .trim();
const words = (text: string) =>
  normalise(text)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Dice coefficient over word multisets: 1 for the same words in any line breaks, 0 for nothing in common. */
function wordSimilarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.length + right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of left) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of right) {
    const count = counts.get(word) ?? 0;
    if (count > 0) {
      shared++;
      counts.set(word, count - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** The first schema.org Recipe's recipeIngredient in the page's JSON-LD, as written (normalised), read independently of Kim. */
function jsonLdIngredients(html: string): string[] | undefined {
  for (const match of html.matchAll(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)) {
    let data: unknown;
    try {
      data = JSON.parse(match[1] ?? "");
    } catch {
      continue;
    }
    const pending = [data];
    while (pending.length > 0) {
      const value = pending.pop();
      if (Array.isArray(value)) pending.push(...value);
      else if (typeof value === "object" && value !== null) {
        const node = value as Record<string, unknown>;
        const type = node["@type"];
        const isRecipe = (Array.isArray(type) ? type : [type]).includes("Recipe");
        if (isRecipe && Array.isArray(node.recipeIngredient)) return node.recipeIngredient.map((line) => normalise(String(line)));
        pending.push(...Object.values(node));
      }
    }
  }
  return undefined;
}

const firstNumber = (text: string | null | undefined) => {
  const match = /\d+/.exec(text ?? "");
  return match ? Number(match[0]) : null;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

interface Check {
  label: string;
  passed: number;
  total: number;
  failures: string[];
}

const check = (label: string): Check => ({ label, passed: 0, total: 0, failures: [] });

function score(result: Check, ok: boolean, name: string, detail: () => string) {
  result.total++;
  if (ok) result.passed++;
  else result.failures.push(VERBOSE ? `${name}\n${detail()}` : `${name} ${detail().slice(0, 150).replace(/\n/g, " | ")}`);
}

interface Group {
  title: Check;
  ingredients: Check;
  instructions: Check;
  servings: Check;
}

const group = (): Group => ({
  title: check("titles"),
  ingredients: check("exact ingredient lists"),
  instructions: check(`instructions (word Dice >= ${SIMILAR})`),
  servings: check("servings"),
});

function scorePage(page: Page, ours: ExtractedRecipe | undefined, into: Group, asInData: Map<Part, string[]>) {
  const { expected } = page;
  const ourTitle = normalise(ours?.title ?? "");
  score(
    into.title,
    ourTitle.toLowerCase() === normalise(expected.title).toLowerCase(),
    page.name,
    () => `"${ourTitle}" vs "${expected.title}"`,
  );

  const ourLines = (ours?.ingredients ?? []).map(normalise);
  const expectedLines = (Array.isArray(expected.ingredients) ? expected.ingredients : expected.ingredients.split("\n")).map(normalise);
  score(
    into.ingredients,
    ourLines.length === expectedLines.length && ourLines.every((line, i) => line === expectedLines[i]),
    page.name,
    () => {
      const i = ourLines.findIndex((line, k) => line !== expectedLines[k]);
      const at = i === -1 ? ourLines.length : i;
      const asData = jsonLdIngredients(page.html);
      const faithful = asData !== undefined && asData.length === ourLines.length && asData.every((line, k) => line === ourLines[k]);
      if (faithful) asInData.get(page.part)?.push(page.name);
      const note = faithful ? " [= the page's JSON-LD]" : "";
      return `${ourLines.length} vs ${expectedLines.length} lines${note}; #${at}: "${ourLines[at] ?? ""}" vs "${expectedLines[at] ?? ""}"`;
    },
  );

  const steps = expected.instructions_list ?? [];
  const similarity = wordSimilarity(ours?.instructions ?? "", steps.join("\n"));
  score(into.instructions, similarity >= SIMILAR, page.name, () => {
    const first = (ours?.instructions ?? "").split("\n");
    return `${similarity.toFixed(2)}; ${first.length} vs ${steps.length} steps; "${first[0]?.slice(0, 60)}" vs "${steps[0]?.slice(0, 60)}"`;
  });

  const expectedServings = firstNumber(expected.yields);
  if (expectedServings !== null) {
    score(into.servings, ours?.servings === expectedServings, page.name, () => `${ours?.servings} vs "${expected.yields}"`);
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)}%`;
const row = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(40) : cell.padStart(22))).join(""));
const targets = ["98%", "90%", "90%", "-"];

console.log(
  `Recipe extraction without AI, ${ROUNDS} runs a page, trees by ${PARSER}${WITHOUT_DATA ? ", pages without their structured data" : ""}`,
);
const details: string[] = [];
for (const set of SETS) {
  const pages = loadPages(set);
  const groups = new Map<Part, Group>(PARTS.map((part) => [part, group()]));
  const perPage: number[] = [];
  const none: string[] = [];
  const several: string[] = [];
  // Counted by part: the held-out part's kinds of failure stay unread while writing rules.
  const asInData = new Map<Part, string[]>(PARTS.map((part) => [part, []]));

  for (const page of pages) extract(page.html, page.expected.canonical_url ?? "https://example.com/");
  for (const page of pages) {
    const url = page.expected.canonical_url ?? `https://${page.name.split("/")[0]}/`;
    const times: number[] = [];
    let recipes: ExtractedRecipe[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      recipes = extract(page.html, url);
      times.push(performance.now() - start);
    }
    perPage.push(median(times));
    const shown = page.part === "read" || SHOW_HELD_OUT;
    if (shown && recipes.length > 1) several.push(`${page.name} (${recipes.length})`);
    if (shown && !recipes[0]) none.push(page.name);
    scorePage(page, recipes[0], groups.get(page.part)!, asInData);
  }

  const sites = (part: Part) => new Set(pages.filter((p) => p.part === part).map((p) => p.name.split("/")[0])).size;
  console.log(`\n${set}: ${pages.length} pages`);
  row(["", ...PARTS.map((part) => `${part} (${sites(part)} sites)`), "target"]);
  const labels = Object.keys(group()) as (keyof Group)[];
  labels.forEach((key, i) => {
    const cells = PARTS.map((part) => {
      const result = groups.get(part)![key];
      return `${percent(result.passed, result.total)} (${result.passed}/${result.total})`;
    });
    row([groups.get("read")![key].label, ...cells, targets[i] ?? "-"]);
  });
  row(["median ms a page (parse + extract)", median(perPage).toFixed(2), "", "< 10"]);
  row(["p90 / max ms a page", `${quantile(perPage, 0.9).toFixed(2)} / ${Math.max(...perPage).toFixed(2)}`, "", ""]);

  const shownParts = SHOW_HELD_OUT ? PARTS : (["read"] as Part[]);
  details.push(`\n== ${set}, ${shownParts.join(" and ")} part${shownParts.length > 1 ? "s" : ""}`);
  details.push(`Pages with no recipe found: ${none.length}${none.length ? ` (${none.join(", ")})` : ""}`);
  for (const part of shownParts) {
    details.push(
      `Failing ingredient lists, ${part} part, that are the page's own JSON-LD list line for line: ${asInData.get(part)?.length ?? 0}`,
    );
  }
  details.push(`Pages with several recipes (the first is scored): ${several.length}${several.length ? ` (${several.join(", ")})` : ""}`);
  for (const part of shownParts) {
    for (const result of Object.values(groups.get(part)!) as Check[]) {
      if (result.failures.length === 0) continue;
      details.push(`\nFailing ${result.label}, ${part} part (${result.failures.length}):`);
      for (const failure of result.failures) details.push(`  ${failure}`);
    }
  }
}
console.log("\nrecipe-scrapers' expected values are the reference (100% by definition).");
console.log(details.join("\n"));
