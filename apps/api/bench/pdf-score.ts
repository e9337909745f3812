import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { recipeIngredientFromLine } from "@kim/domain";
import { recipesFromPdf } from "../src/features/extraction/pdf/pdf-recipes";
import type { PdfLine } from "../src/features/extraction/pdf/pdf-text";
import { sharedData } from "../src/testing/shared-data";
import { finishDraft } from "../src/features/extraction/recipe-draft";

/**
 * Scoring of PDF import against the shared development set's expected values, as its README says: a recipe is found
 * when its title matches (case, spacing and punctuation aside); an ingredient list when the lines' `original` text
 * equals the expected lines (case and spacing aside, any order); steps when all of them together reach 90% word-level
 * similarity (difflib's ratio: twice the matched words over all words, matched by longest common runs).
 */

export interface ExpectedRecipe {
  title: string;
  ingredients: string[];
  instructions: string[];
  servings: number | null;
  prepTime: number | null;
  cookTime: number | null;
}

export interface ExpectedFile {
  file: string;
  /** Generated files: the host of the saved page printed, which decides the file's part of the split. */
  site?: string;
  pages?: number;
  recipes?: ExpectedRecipe[];
  expect_status?: number;
}

export interface FoundRecipe {
  title: string;
  ingredients: string[];
  steps: string[];
  servings: number | null;
  prepTime: number | null;
  cookTime: number | null;
}

/** The shared PDFs: ../shared/data/recipe-pdfs beside the repository. */
export const RECIPE_PDFS = sharedData("recipe-pdfs");

/** Where bench/make-pdfs.ts writes its PDFs by default: generated-pdfs beside the repository, never in it. */
export const GENERATED_PDFS = path.resolve(import.meta.dirname, "../../../../generated-pdfs");

/** The PDFs of a folder (the shared ones by default, or generated ones: bench/make-pdfs.ts), each with its expected values. */
export function sharedPdfs(folder = RECIPE_PDFS): { name: string; bytes: Buffer; expected: ExpectedFile }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".pdf"))
    .sort()
    .map((name) => ({
      name,
      bytes: readFileSync(path.join(folder, name)),
      expected: JSON.parse(readFileSync(path.join(folder, name.replace(/\.pdf$/, ".json")), "utf8")) as ExpectedFile,
    }));
}

/** The recipes as the route will answer them: finished drafts, ingredients parsed with their printed lines. */
export function foundRecipes(pages: PdfLine[][]): FoundRecipe[] {
  return recipesFromPdf(pages).map((draft) => {
    const recipe = finishDraft(draft, "https://example.com/");
    return {
      title: recipe.title,
      ingredients: recipe.ingredients.map((line) => recipeIngredientFromLine(line).original ?? line),
      steps: recipe.instructions === "" ? [] : recipe.instructions.split("\n"),
      servings: draft.servings,
      prepTime: recipe.prepTime,
      cookTime: recipe.cookTime,
    };
  });
}

export const titleKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const lineKey = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

export function sameIngredients(found: string[], expected: string[]): boolean {
  const a = found.map(lineKey).sort();
  const b = expected.map(lineKey).sort();
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** difflib.SequenceMatcher(None, a, b).ratio() over words (without its junk heuristic). */
export function wordRatio(a: string[], b: string[]): number {
  const x = a.join(" ").split(/\s+/).filter(Boolean);
  const y = b.join(" ").split(/\s+/).filter(Boolean);
  if (x.length + y.length === 0) return 1;
  return (2 * matched(x, 0, x.length, y, 0, y.length)) / (x.length + y.length);
}

function matched(x: string[], xlo: number, xhi: number, y: string[], ylo: number, yhi: number): number {
  let best = 0;
  let bi = xlo;
  let bj = ylo;
  let lengths = new Map<number, number>();
  for (let i = xlo; i < xhi; i++) {
    const next = new Map<number, number>();
    for (let j = ylo; j < yhi; j++) {
      if (x[i] !== y[j]) continue;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > best) {
        best = k;
        bi = i - k + 1;
        bj = j - k + 1;
      }
    }
    lengths = next;
  }
  if (best === 0) return 0;
  return best + matched(x, xlo, bi, y, ylo, bj) + matched(x, bi + best, xhi, y, bj + best, yhi);
}

export interface FileScore {
  expected: number;
  found: number;
  matched: number;
  ingredients: number;
  steps: number;
  servings: number;
  times: number;
  misses: string[];
}

export function scoreFile(found: FoundRecipe[], expected: ExpectedRecipe[]): FileScore {
  const score: FileScore = {
    expected: expected.length,
    found: found.length,
    matched: 0,
    ingredients: 0,
    steps: 0,
    servings: 0,
    times: 0,
    misses: [],
  };
  const unused = [...found];
  for (const want of expected) {
    const index = unused.findIndex((r) => titleKey(r.title) === titleKey(want.title));
    if (index === -1) {
      score.misses.push(`title not found: ${want.title}`);
      continue;
    }
    const got = unused.splice(index, 1)[0]!;
    score.matched += 1;
    if (sameIngredients(got.ingredients, want.ingredients)) score.ingredients += 1;
    else score.misses.push(`ingredients of ${want.title}: ${JSON.stringify(got.ingredients)} vs ${JSON.stringify(want.ingredients)}`);
    const ratio = wordRatio(got.steps, want.instructions);
    if (ratio >= 0.9) score.steps += 1;
    else
      score.misses.push(
        `steps of ${want.title} (${ratio.toFixed(2)}): ${JSON.stringify(got.steps)} vs ${JSON.stringify(want.instructions)}`,
      );
    if (got.servings === want.servings) score.servings += 1;
    else score.misses.push(`servings of ${want.title}: ${got.servings} vs ${want.servings}`);
    if (got.prepTime === want.prepTime && got.cookTime === want.cookTime) score.times += 1;
    else score.misses.push(`times of ${want.title}: ${got.prepTime}/${got.cookTime} vs ${want.prepTime}/${want.cookTime}`);
  }
  for (const extra of unused) score.misses.push(`extra recipe: ${extra.title}`);
  return score;
}
