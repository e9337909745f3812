/**
 * Whether the ingredient list a page prints says more than its structured data, line for line. Some data is written
 * apart from the page and says less: names without their amounts ("Sonnenblumenöl" for "20 g Sonnenblumenöl"), the
 * metric amount beside the cup left out. Where each printed line keeps all its data line says, as written and in the
 * same order, and adds to it, the printed list is the better one: it is what the cook reads. (Two more rules, printed
 * lines for data with other numbers and for data of names only, fitted the first page set alone: decision 0040.)
 */

// Unicode fractions written out, so "½" and "1/2" are the same amount.
const FRACTIONS: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
};
const FRACTION = /[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/g;

// A unit's spellings as one word: data often abbreviates what the page writes out, or the other way round.
const UNIT_WORDS: Record<string, string> = {
  tbsp: "tablespoon",
  tbs: "tablespoon",
  tbl: "tablespoon",
  tablespoons: "tablespoon",
  tsp: "teaspoon",
  teaspoons: "teaspoon",
  cups: "cup",
  c: "cup",
  oz: "ounce",
  ounces: "ounce",
  lb: "pound",
  lbs: "pound",
  pounds: "pound",
  gr: "g",
  gram: "g",
  grams: "g",
  gramm: "g",
  kilogram: "kg",
  kilograms: "kg",
  milliliter: "ml",
  milliliters: "ml",
  millilitre: "ml",
  millilitres: "ml",
  liter: "l",
  liters: "l",
  litre: "l",
  litres: "l",
};

// Numbers (with their fraction or decimal marks), words, and each mark of punctuation on its own.
const TOKEN = /\d+(?:[./]\d+)*|\p{L}+|[^\s\p{L}\p{N}]/gu;

/**
 * A line's words, amounts and marks in one spelling: lower case, fractions as "1/2", "0,5" as "0.5", every dash a
 * hyphen, curly quotes straight, a unit's spellings as one word.
 */
function tokens(line: string): string[] {
  const text = line
    .toLowerCase()
    .replace(FRACTION, (f) => ` ${FRACTIONS[f] ?? f} `)
    .replace(/⁄/g, "/")
    .replace(/(\d),(\d)/g, "$1.$2")
    .replace(/[‐‑‒–—−]/g, "-")
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”„]/g, '"');
  return (text.match(TOKEN) ?? []).map((token) => UNIT_WORDS[token] ?? token);
}

/** Whether `printed` holds all of `data`, in its order: the data line's words and marks, with more between them. */
function holds(printed: string[], data: string[]): boolean {
  let k = 0;
  for (const token of printed) {
    if (token === data[k]) k++;
  }
  return k === data.length;
}

// A line of the printed list that the data doesn't have and that is no ingredient: a part's heading ("Pasta",
// "For the sauce:"), the recipe's name above its list. Its lines without a number, in a few words.
const isHeadingLike = (line: string) => line.endsWith(":") || (!/\d|[½⅓⅔¼¾⅛⅜⅝⅞]/.test(line) && line.split(" ").length <= 4);

// Longer lists are no ingredient list (the page's scorer refuses them too), and bound the work on a hostile page.
const MAX_LINES = 150;

/**
 * The printed list, when it holds every data line, in order, each in one printed line that keeps all of its words,
 * amounts and punctuation in their order (so notes the data sets in parentheses stay set apart), and adds to at least
 * one; printed lines the data lacks may only be part headings, left out as the data leaves them out. Undefined when
 * the printed list says less, says it otherwise (reworded, reordered, other amounts, a note's parentheses dropped) or
 * says nothing more.
 */
export function fullerIngredientList(data: string[], printed: string[]): string[] | undefined {
  if (data.length === 0 || printed.length > MAX_LINES || data.length > MAX_LINES) return undefined;
  const kept: string[] = [];
  let next = 0;
  let extras = 0;
  let fuller = 0;
  for (const line of printed) {
    const wanted = data[next];
    const lineTokens = tokens(line);
    const wantedTokens = wanted === undefined ? [] : tokens(wanted);
    if (wantedTokens.length > 0 && holds(lineTokens, wantedTokens)) {
      if (lineTokens.length > wantedTokens.length) fuller++;
    } else if (isHeadingLike(line) && ++extras <= Math.max(2, data.length / 4)) continue;
    else return undefined;
    kept.push(line);
    next++;
  }
  return next === data.length && fuller > 0 ? kept : undefined;
}
