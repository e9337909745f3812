import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { sharedData } from "../src/testing/shared-data";
import { GENERATED_PDFS, type ExpectedFile, type ExpectedRecipe } from "./pdf-score";

/**
 * Development PDFs that look like what people have (issue 29, decision 0040): the recipes of the saved pages in
 * ../shared/data/recipe-pages-more, laid out in HTML in several ways and printed by Chromium's "Save as PDF" (A4 and
 * Letter, one and two columns, ingredients beside the method, a card after story paragraphs, a cookbook of several
 * recipes, plain unnumbered steps, with and without a picture, headings in the page's language), each with the values
 * a careful reader takes from it, from the page's expected JSON. The PDFs are made outside the repository (OUT, by
 * default generated-pdfs beside the repository) and split by the page's site, like the pages (bench/split.ts).
 *
 * Run: pnpm exec tsx bench/make-pdfs.ts [OUT] (Chromium: CHROMIUM, /usr/bin/chromium by default).
 */

const OUT = process.argv[2] ?? GENERATED_PDFS;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

interface PageJson {
  host: string;
  title: string;
  language?: string;
  canonical_url?: string;
  site_name?: string;
  description?: string;
  ingredients: string[] | string;
  instructions_list?: string[];
  yields?: string | null;
  prep_time?: number | null;
  cook_time?: number | null;
}

interface Words {
  ingredients: string;
  method: string;
  serves: string;
  prep: string;
  cook: string;
  min: string;
}

const WORDS: Record<string, Words> = {
  en: { ingredients: "Ingredients", method: "Method", serves: "Serves", prep: "Prep", cook: "Cook", min: "min" },
  de: { ingredients: "Zutaten", method: "Zubereitung", serves: "Portionen:", prep: "Vorbereitung", cook: "Kochzeit", min: "Min." },
  nl: { ingredients: "Ingrediënten", method: "Bereiding", serves: "Personen:", prep: "Voorbereiding", cook: "Bereidingstijd", min: "min" },
  fr: { ingredients: "Ingrédients", method: "Préparation", serves: "Pour", prep: "Préparation", cook: "Cuisson", min: "min" },
  es: { ingredients: "Ingredientes", method: "Preparación", serves: "Raciones:", prep: "Preparación", cook: "Cocción", min: "min" },
  pt: { ingredients: "Ingredientes", method: "Modo de preparo", serves: "Porções:", prep: "Preparo", cook: "Cozimento", min: "min" },
  it: { ingredients: "Ingredienti", method: "Preparazione", serves: "Porzioni:", prep: "Preparazione", cook: "Cottura", min: "min" },
  sv: { ingredients: "Ingredienser", method: "Gör så här", serves: "Portioner:", prep: "Förberedelse", cook: "Tillagning", min: "min" },
  da: { ingredients: "Ingredienser", method: "Fremgangsmåde", serves: "Personer:", prep: "Forberedelse", cook: "Tilberedning", min: "min" },
  no: { ingredients: "Ingredienser", method: "Fremgangsmåte", serves: "Porsjoner:", prep: "Forberedelse", cook: "Steketid", min: "min" },
  pl: { ingredients: "Składniki", method: "Przygotowanie", serves: "Porcje:", prep: "Przygotowanie", cook: "Gotowanie", min: "min" },
  cs: { ingredients: "Suroviny", method: "Postup", serves: "Porce:", prep: "Příprava", cook: "Vaření", min: "min" },
  hu: { ingredients: "Hozzávalók", method: "Elkészítés", serves: "Adag:", prep: "Előkészítés", cook: "Főzés", min: "perc" },
  ja: { ingredients: "材料", method: "作り方", serves: "人数:", prep: "準備", cook: "調理", min: "分" },
};

// The headings people print in English besides the usual pair, chosen by the recipe's place in the list.
const ENGLISH_HEADINGS: [string, string][] = [
  ["Ingredients", "Method"],
  ["Ingredients", "Directions"],
  ["What you need", "Instructions"],
  ["You will need", "Steps"],
  ["INGREDIENTS", "PREPARATION"],
];

const LAYOUTS = ["print", "two-column", "sidebar", "card", "plain"] as const;
type Layout = (typeof LAYOUTS)[number] | "cookbook";

interface Recipe {
  page: PageJson;
  site: string;
  words: Words;
  expected: ExpectedRecipe;
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const clean = (text: string) => text.replace(/\s+/g, " ").trim();

function recipeOf(page: PageJson, site: string, n: number): Recipe | undefined {
  const ingredients = (Array.isArray(page.ingredients) ? page.ingredients : page.ingredients.split("\n")).map(clean).filter(Boolean);
  const steps = (page.instructions_list ?? []).map(clean).filter(Boolean);
  if (clean(page.title) === "" || ingredients.length < 2 || steps.length === 0) return undefined;
  const language = (page.language ?? "en").slice(0, 2).toLowerCase();
  let words = WORDS[language] ?? WORDS.en!;
  if (words === WORDS.en) {
    const [ingredientsHeading, method] = ENGLISH_HEADINGS[n % ENGLISH_HEADINGS.length]!;
    words = { ...words, ingredients: ingredientsHeading, method };
  }
  const servings = /\d+/.exec(page.yields ?? "");
  const minutes = (value: number | null | undefined) => (value && value > 0 && value < 1000 ? value : null);
  return {
    page,
    site,
    words,
    expected: {
      title: clean(page.title),
      ingredients,
      instructions: steps,
      servings: servings && Number(servings[0]) > 0 && Number(servings[0]) <= 1000 ? Number(servings[0]) : null,
      prepTime: minutes(page.prep_time),
      cookTime: minutes(page.cook_time),
    },
  };
}

/** A picture the size of a photo, drawn inline (no network): people print pages with their photos. */
const picture = (seed: number) =>
  `<img alt="" src="data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="340"><rect width="600" height="340" fill="hsl(${seed % 360},45%,60%)"/><circle cx="300" cy="170" r="110" fill="hsl(${(seed * 7) % 360},50%,80%)"/></svg>`,
  )}" style="width:100%;max-height:7cm;object-fit:cover;margin:8px 0">`;

function facts(recipe: Recipe): string {
  const { words, expected } = recipe;
  const parts = [
    expected.prepTime !== null ? `${words.prep}: ${expected.prepTime} ${words.min}` : "",
    expected.cookTime !== null ? `${words.cook}: ${expected.cookTime} ${words.min}` : "",
    expected.servings !== null ? `${words.serves} ${expected.servings}` : "",
  ].filter(Boolean);
  return parts.length ? `<p class="facts">${parts.map(escape).join(" · ")}</p>` : "";
}

function recipeHtml(recipe: Recipe, layout: Layout, withPicture: boolean, n: number): string {
  const { words, expected } = recipe;
  const numbered = layout !== "plain";
  const ingredients =
    layout === "plain"
      ? expected.ingredients.map((line) => `<p class="line">${escape(line)}</p>`).join("")
      : `<ul>${expected.ingredients.map((line) => `<li>${escape(line)}</li>`).join("")}</ul>`;
  const steps = numbered
    ? `<ol>${expected.instructions.map((step) => `<li>${escape(step)}</li>`).join("")}</ol>`
    : expected.instructions.map((step) => `<p>${escape(step)}</p>`).join("");
  const heading = (text: string) => `<h2>${escape(layout === "plain" ? text.toUpperCase() : text)}</h2>`;
  const title = `<h1>${escape(expected.title)}</h1>`;
  const image = withPicture ? picture(n * 37) : "";
  if (layout === "sidebar")
    return `${title}${facts(recipe)}${image}<div class="sidebar"><aside>${heading(words.ingredients)}${ingredients}</aside><main>${heading(words.method)}${steps}</main></div>`;
  const story =
    layout === "card"
      ? `<p>${escape(recipe.page.description ? clean(recipe.page.description) : "We made this again last weekend and it was gone in minutes.")}</p><p>Scroll down for the printable recipe card, or keep reading for my tips on getting it right every time.</p>`
      : "";
  const body = `${title}${facts(recipe)}${image}${heading(words.ingredients)}${ingredients}${heading(words.method)}${steps}`;
  return layout === "card" ? `${story}<div class="card">${body}</div>` : `<section class="recipe">${body}</section>`;
}

const STYLE = `
body { font-family: Georgia, "DejaVu Serif", serif; font-size: 11pt; line-height: 1.35; margin: 0; }
h1 { font-family: "DejaVu Sans", sans-serif; font-size: 20pt; margin: 12px 0 4px; }
h2 { font-family: "DejaVu Sans", sans-serif; font-size: 13pt; margin: 12px 0 4px; }
.site { font-family: "DejaVu Sans", sans-serif; font-size: 9pt; color: #555; border-bottom: 1px solid #aaa; padding-bottom: 4px; }
.facts { font-size: 9.5pt; color: #444; }
ul, ol { padding-left: 1.4em; margin: 4px 0; }
.line { margin: 1px 0; }
.two-column .content { column-count: 2; column-gap: 1cm; }
div.sidebar { display: grid; grid-template-columns: 34% 1fr; gap: 0.8cm; }
div.card { border: 2px solid #333; padding: 10px 14px; margin-top: 12px; }
.cookbook section.recipe { break-before: page; }
`;

function documentHtml(recipes: Recipe[], layout: Layout, withPicture: boolean, n: number): string {
  const [first] = recipes;
  const site = first!.page.site_name ?? first!.site;
  const header = layout === "cookbook" ? "" : `<div class="site">${escape(site)} · Recipes · About · Contact</div>`;
  const body = recipes.map((recipe, i) => recipeHtml(recipe, layout === "cookbook" ? "print" : layout, withPicture, n + i)).join("");
  const titlePage =
    layout === "cookbook" ? `<div style="text-align:center;margin-top:8cm"><h1>Recipes we keep</h1><p>A collection</p></div>` : "";
  return `<!doctype html><html lang="${first!.page.language ?? "en"}"><head><meta charset="utf-8"><title>${escape(
    layout === "cookbook" ? "Recipes we keep" : `${first!.expected.title} - ${site}`,
  )}</title><style>${STYLE}</style></head><body class="${layout}">${header}${titlePage}<div class="content">${body}</div></body></html>`;
}

function loadRecipes(): Recipe[][] {
  const root = sharedData("recipe-pages-more");
  const bySite: Recipe[][] = [];
  let n = 0;
  for (const site of readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    const recipes = readdirSync(path.join(root, site))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => recipeOf(JSON.parse(readFileSync(path.join(root, site, f), "utf8")) as PageJson, site, n++))
      .filter((r): r is Recipe => r !== undefined);
    if (recipes.length > 0) bySite.push(recipes);
  }
  return bySite;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM });
const page = await browser.newPage();
await page.route("**/*", (route) => (route.request().url().startsWith("data:") ? route.continue() : route.abort()));
let count = 0;
const bySite = loadRecipes();
for (const [i, recipes] of bySite.entries()) {
  // One file a site from its first recipe, in a layout, size and picture chosen by the site's place in the list;
  // sites with a second page also give a cookbook file of their recipes (several recipes a file, page breaks).
  const layout: Layout = LAYOUTS[i % LAYOUTS.length]!;
  const files: [Layout, Recipe[]][] = [[layout, recipes.slice(0, 1)]];
  if (recipes.length >= 2 && i % 3 === 0) files.push(["cookbook", recipes.slice(0, 3)]);
  for (const [fileLayout, chosen] of files) {
    const withPicture = (i >> 1) % 2 === 0;
    const format = i % 2 === 0 ? "A4" : "Letter";
    const name = `${chosen[0]!.site.replace(/[^a-z0-9.-]/gi, "_")}-${fileLayout}-${format.toLowerCase()}${withPicture ? "-picture" : ""}`;
    await page.setContent(documentHtml(chosen, fileLayout, withPicture, i), { waitUntil: "load" });
    const site = chosen[0]!.site;
    const pdf = await page.pdf({
      format,
      printBackground: false,
      displayHeaderFooter: true,
      headerTemplate:
        fileLayout === "cookbook"
          ? `<div style="font-size:8px;width:100%;text-align:center">Recipes we keep</div>`
          : `<div style="font-size:8px;width:100%;display:flex;justify-content:space-between;padding:0 1cm"><span class="date"></span><span class="title"></span></div>`,
      footerTemplate:
        fileLayout === "cookbook"
          ? `<div style="font-size:8px;width:100%;text-align:center"><span class="pageNumber"></span></div>`
          : `<div style="font-size:8px;width:100%;display:flex;justify-content:space-between;padding:0 1cm"><span>${escape(chosen[0]!.page.canonical_url ?? `https://${site}/`)}</span><span><span class="pageNumber"></span>/<span class="totalPages"></span></span></div>`,
      margin: { top: "1.6cm", bottom: "1.6cm", left: "1.5cm", right: "1.5cm" },
    });
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    const expected: ExpectedFile & { layout: string } = {
      file: `${name}.pdf`,
      site,
      layout: `${fileLayout} ${format}${withPicture ? " picture" : ""}`,
      pages,
      recipes: chosen.map((r) => r.expected),
    };
    writeFileSync(path.join(OUT, `${name}.pdf`), pdf);
    writeFileSync(path.join(OUT, `${name}.json`), `${JSON.stringify(expected, null, 1)}\n`);
    count++;
  }
}
await browser.close();
console.log(`${count} PDFs from ${bySite.length} sites in ${OUT}`);
