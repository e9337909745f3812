import { describe, expect, it } from "vitest";
import { headingsPage } from "../../../testing/hostile-page";
import { HTML_LIMITS, HTML_REFUSALS, HTML_WORKERS, readHtml } from "./html-reader";
import { extractRecipesFromHtml } from "./html-recipes";

const PAGE_URL = "https://cooks.example/pancakes";
const pancakes =
  "<html><head><title>Pancakes</title></head><body><h1>Pancakes</h1><h2>Ingredients</h2><ul><li>2 eggs</li><li>250 ml milk</li>" +
  "<li>120 g flour</li></ul><h2>Method</h2><ol><li>Whisk everything into a smooth batter.</li><li>Fry thin pancakes in butter.</li></ol></body></html>";

describe("readHtml: pages read in a worker thread", () => {
  it("answers what the extraction answers on the main thread", async () => {
    const read = await readHtml(pancakes, PAGE_URL);
    expect(read).toEqual({ kind: "ok", recipes: extractRecipesFromHtml(pancakes, PAGE_URL), text: "" });
    expect(read.kind === "ok" && read.recipes[0]?.ingredients).toEqual(["2 eggs", "250 ml milk", "120 g flour"]);
  });

  it("sends the page's text for a model only when asked and no recipe was found", async () => {
    const prose = "<html><body><p>Mix two eggs with milk.</p><p>Fry them.</p></body></html>";
    expect(await readHtml(prose, PAGE_URL, { wantText: true })).toEqual({
      kind: "ok",
      recipes: [],
      text: "Mix two eggs with milk.\nFry them.",
    });
    expect(await readHtml(prose, PAGE_URL)).toEqual({ kind: "ok", recipes: [], text: "" });
  });

  it("reads the 5 MB page of repeated headings within its caps", { timeout: 60_000 }, async () => {
    // A generous time cap: this machine's cores are shared; the page's work is bounded by html-scaling.test.ts.
    const read = await readHtml(headingsPage(5_000_000), PAGE_URL, { timeoutMs: 50_000 });
    expect(read.kind).toBe("ok");
    expect(read.kind === "ok" && read.recipes[0]?.ingredients.slice(0, 2)).toEqual(["1 egg", "2 cups flour"]);
  });

  it("refuses a page past the time cap as too complex (422), and reads the next page on a fresh worker", async () => {
    expect(await readHtml(headingsPage(1_000_000), PAGE_URL, { timeoutMs: 1 })).toEqual(HTML_REFUSALS.tooComplex);
    expect(HTML_REFUSALS.tooComplex).toMatchObject({ status: 422, message: expect.stringContaining("too complex") });
    const next = await readHtml(pancakes, PAGE_URL);
    expect(next.kind === "ok" && next.recipes).toHaveLength(1);
  });

  it("reads several pages at once, more than there are workers, each answered", { timeout: 60_000 }, async () => {
    const pages = Array.from({ length: 5 }, (_, i) => pancakes.replaceAll("Pancakes", `Pancakes ${i + 1}`));
    const reads = await Promise.all(pages.map((html) => readHtml(html, PAGE_URL)));
    expect(reads.map((read) => read.kind === "ok" && read.recipes[0]?.title)).toEqual(pages.map((_, i) => `Pancakes ${i + 1}`));
  });

  it("answers 503 at once when more pages wait for a worker than the queue holds", { timeout: 60_000 }, async () => {
    const page = headingsPage(100_000);
    const reads = Array.from({ length: HTML_WORKERS + HTML_LIMITS.queued + 1 }, () => readHtml(page, PAGE_URL));
    const answers = await Promise.all(reads);
    expect(answers.at(-1)).toEqual(HTML_REFUSALS.busy);
    expect(HTML_REFUSALS.busy.status).toBe(503);
    expect(answers.slice(0, -1).map((answer) => answer.kind)).toEqual(Array(HTML_WORKERS + HTML_LIMITS.queued).fill("ok"));
  });
});
