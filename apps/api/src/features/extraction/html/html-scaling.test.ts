import { describe, expect, it } from "vitest";
import { headingsPage } from "../../../testing/hostile-page";
import { extractRecipesFromHtml } from "./html-recipes";

// The work a page costs, as CPU time: the wall clock also counts the time other processes hold the cores.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The least CPU time of a few extractions: one run may be slowed by a collection the others are spared. */
function workOf(html: string): number {
  let least = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = cpuMs();
    extractRecipesFromHtml(html, "https://cooks.example/everything");
    least = Math.min(least, cpuMs() - start);
  }
  return least;
}

// Pages built so that work per element grows with the page: the same unit of markup repeated.
const repeated = (head: string, unit: string, bytes: number) => head + unit.repeat(Math.ceil(bytes / unit.length));

const SHAPES: [string, (bytes: number) => string][] = [
  ["Ingredients / Method headings with lists", headingsPage],
  [
    "data whose ingredients the page prints in lists",
    (bytes) =>
      `<script type="application/ld+json">{"@type":"Recipe","name":"Everything","recipeIngredient":["1 egg"]}</script>` +
      headingsPage(bytes),
  ],
  ["tab panels side by side", (bytes) => repeated("<body><div>", '<div role="tabpanel">1 cup flour</div>', bytes)],
  ["<meta never closed", (bytes) => repeated("<head>", "<meta ", bytes)],
  ["<title never closed", (bytes) => repeated("<head>", "<title>", bytes)],
  ["<script never closed", (bytes) => repeated("<head>", "<script ", bytes)],
  ["app state never closed", (bytes) => repeated("<body>", '<script type="application/json">{"ingredients":[{"title":"', bytes)],
  ["app state in data attributes", (bytes) => repeated("<body>", '<div data-page="{&quot;ingredients&quot;:[', bytes)],
];

describe("extractRecipesFromHtml: work grows with the page, not faster", () => {
  // Linear work makes a page 8 times the size cost about 8 times as much; the quadratic work this replaced cost 40 to
  // 64 times as much. 20 leaves room for a loaded machine (CI measured 9.5 on a 4x step that should cost 4).
  it.each(SHAPES)("%s: 8 times the page, at most 20 times the work", (_, build) => {
    const small = workOf(build(75_000));
    const large = workOf(build(600_000));
    expect(large / Math.max(small, 3)).toBeLessThan(20);
  });

  it("reads the 5 MB page of repeated headings within a few seconds, its first lists as the recipe", () => {
    const html = headingsPage(5_000_000);
    expect(html.length).toBeGreaterThanOrEqual(5_000_000);
    const start = cpuMs();
    const [recipe] = extractRecipesFromHtml(html, "https://cooks.example/everything");
    // The old code took 18.7 s on this page; linear work takes 2.5 to 3.5 s of the process's CPU on a two-core machine
    // (its collector's threads counted), and read 4.1 s once in a loaded CI run: 8 s still tells the two apart.
    expect(cpuMs() - start).toBeLessThan(8_000);
    expect(recipe?.title).toBe("Everything");
    expect(recipe?.ingredients.slice(0, 2)).toEqual(["1 egg", "2 cups flour"]);
  });
});
