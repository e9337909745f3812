/**
 * Whether the ingredient list a page prints says more than its structured data, line for line. Some data is written
 * apart from the page and says less: names without their amounts ("Sonnenblumenöl" for "20 g Sonnenblumenöl"), the
 * metric amount beside the cup left out. Where each printed line keeps all its data line says, as written and in the
 * same order, and adds to it, the printed list is the better one: it is what the cook reads. So it is where the data
 * copies the printed list line for line with other numbers (converted, scaled) and says less on most lines.
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
function holds(printed: string[], data: string[], same = (a: string, b: string) => a === b): boolean {
  let k = 0;
  for (const token of printed) {
    const wanted = data[k];
    if (wanted !== undefined && same(token, wanted)) k++;
  }
  return k === data.length;
}

// A line's words and marks without its numbers.
const withoutAmounts = (tokens: string[]) => tokens.filter((token) => !/^\d/.test(token));
// One word in the singular or the plural ("tortilla", "tortillas"; "tomato", "tomatoes").
const sameWord = (a: string, b: string) => a === b || a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;

// A line of the printed list that the data doesn't have and that is no ingredient: a part's heading ("Pasta",
// "For the sauce:"), the recipe's name above its list. Its lines without a number, in a few words.
const isHeadingLike = (line: string) => line.endsWith(":") || (!/\d|[½⅓⅔¼¾⅛⅜⅝⅞]/.test(line) && line.split(" ").length <= 4);

// Longer lists are no ingredient list (the page's scorer refuses them too), and bound the work on a hostile page.
const MAX_LINES = 150;

/**
 * The printed list, when it holds every data line, in order, each in one printed line that keeps all of its words,
 * amounts and punctuation in their order (so notes the data sets in parentheses stay set apart), and adds to at least
 * one; printed lines the data lacks may only be part headings, left out as the data leaves them out. Undefined when
 * the printed list says less, says it otherwise (reworded, reordered, a note's parentheses dropped) or says nothing more.
 *
 * A printed line may also hold its data line's words and marks with other numbers ("½ tsp salt" for "⅛ tsp salt",
 * "16 oz (450 g) tofu" for "15.873 oz tofu"; a word in the plural for the singular), when the printed list says more
 * on at least half of the data's lines: the data is then a copy of the page's own list (amounts converted or scaled,
 * notes and metric amounts dropped), and the cook follows the list the page prints. Units are words: another unit
 * is another line.
 */
export function fullerIngredientList(data: string[], printed: string[]): string[] | undefined {
  if (data.length === 0 || printed.length > MAX_LINES || data.length > MAX_LINES) return undefined;
  return lineForLine(data, printed) ?? amountsForNames(data, printed);
}

function lineForLine(data: string[], printed: string[]): string[] | undefined {
  const kept: string[] = [];
  let next = 0;
  let extras = 0;
  let fuller = 0;
  let otherAmounts = 0;
  for (const line of printed) {
    const wanted = data[next];
    const lineTokens = tokens(line);
    const wantedTokens = wanted === undefined ? [] : tokens(wanted);
    const [bare, wantedBare] = [withoutAmounts(lineTokens), withoutAmounts(wantedTokens)];
    if (wantedTokens.length > 0 && holds(lineTokens, wantedTokens)) {
      if (lineTokens.length > wantedTokens.length) fuller++;
    } else if (wantedBare.length > 0 && holds(bare, wantedBare, sameWord)) {
      otherAmounts++;
      if (bare.length > wantedBare.length) fuller++;
    } else if (isHeadingLike(line) && ++extras <= Math.max(2, data.length / 4)) continue;
    else return undefined;
    kept.push(line);
    next++;
  }
  if (next !== data.length || fuller === 0) return undefined;
  return otherAmounts === 0 || fuller * 2 >= data.length ? kept : undefined;
}

const HAS_NUMBER = /\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/;

/**
 * Data that names the ingredients only, without a number, is often a shopping list kept apart from the page: in its
 * own order, each ingredient once. Where every printed line holds one of its names (all of the name's words and marks,
 * in order), every name is in a printed line, and most printed lines give an amount, the printed list is the recipe
 * the data names: its lines, in its order, an ingredient used in two parts twice. Other printed lines may only be
 * part headings, as above.
 */
function amountsForNames(data: string[], printed: string[]): string[] | undefined {
  if (data.some((line) => HAS_NUMBER.test(line))) return undefined;
  const names = data.map(tokens);
  const named = new Set<number>();
  const kept: string[] = [];
  let extras = 0;
  for (const line of printed) {
    const lineTokens = tokens(line);
    const held = names.flatMap((name, k) => (name.length > 0 && holds(lineTokens, name) ? [k] : []));
    if (held.length > 0) {
      held.forEach((k) => named.add(k));
      kept.push(line);
    } else if (!(isHeadingLike(line) && ++extras <= Math.max(2, data.length / 4))) return undefined;
  }
  const measured = kept.filter((line) => HAS_NUMBER.test(line)).length;
  return named.size === data.length && measured * 2 > kept.length ? kept : undefined;
}
