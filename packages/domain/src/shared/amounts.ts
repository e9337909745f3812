import { weighedEach } from "./densities";
import { parseQuantity } from "./quantities";
import { convertQuantity, COUNTING_WORDS, CUP_MEASURES, keyWords, normalizeUnit, readsWell, singular, unitFamily } from "./units";

type Fraction = [value: number, label: string];
const fractions = (...labels: string[]): Fraction[] => [
  [0, ""],
  ...labels.map((label): Fraction => {
    const [num, den] = label.split("/").map(Number);
    return [num! / den!, label];
  }),
  [1, ""],
];

/** What measuring cups and spoons hold: eighths and thirds (1 7/8 cups, 2/3 cup, 3/8 tsp). */
const MEASURING = fractions("1/8", "1/4", "1/3", "3/8", "1/2", "5/8", "2/3", "3/4", "7/8");
/** Pounds, ounces and counted things: halves, thirds and quarters (1 1/4 lbs, 1/2 onion). */
const PARTS = fractions("1/4", "1/3", "1/2", "2/3", "3/4");
const SPOONS_AND_CUPS = new Set(["tsp", "tbsp", "cups", "fl oz", "pt", "qt", "gal"]);
/** Metric units large enough that a cook writes decimals of them (1.25 kg, 1.5 L). */
const LARGE_METRIC = new Set(["kg", "L", "dl", "cl"]);
/** Units written as they are whatever the amount (abbreviations). */
const INVARIABLE = new Set(["mg", "g", "kg", "ml", "cl", "dl", "L", "tsp", "tbsp", "fl oz", "oz", "pt", "qt", "gal", "dozen"]);
const SINGULAR: Record<string, string> = { cups: "cup", lbs: "lb", units: "unit" };

const trimmed = (n: number, decimals: number) => String(Number(n.toFixed(decimals)));

/** How far a count may be from a fraction to be written as one: 0.33 onion is 1/3, 2.1 units of stock stay 2.1. */
const PARTS_TOLERANCE = 0.02;

/**
 * `n` to the nearest of `steps` ("1 7/8"); a decimal when it is too small for the smallest step, or, with a
 * `tolerance`, further than that from any step.
 */
function fractionText(n: number, steps: Fraction[], tolerance = Number.POSITIVE_INFINITY): { text: string; value: number } {
  if (n >= 100) return { text: String(Math.round(n)), value: Math.round(n) };
  const whole = Math.floor(n);
  const [fraction, label] = steps.reduce((best, f) => (Math.abs(n - whole - f[0]) < Math.abs(n - whole - best[0]) ? f : best));
  const value = whole + fraction;
  // Rounding to nothing would hide a small amount: a pinch stays 0.05.
  if ((value === 0 && n > 0) || Math.abs(n - value) > tolerance) return { text: trimmed(n, 2), value: Number(trimmed(n, 2)) };
  if (!label) return { text: String(value), value };
  return { text: whole === 0 ? label : `${whole} ${label}`, value };
}

/** A number as a cook writes it in `unit` (normalised), and the value it shows. */
function numberText(n: number, unit: string): { text: string; value: number } {
  if (SPOONS_AND_CUPS.has(unit)) return fractionText(n, MEASURING);
  if (unitFamily(unit) === "count" || unit === "lbs" || unit === "oz") return fractionText(n, PARTS, PARTS_TOLERANCE);
  // Metric: whole grams and millilitres from 10 on (691 ml, not 690.852 ml), else a decimal or two.
  const decimals = LARGE_METRIC.has(unit) ? (n < 10 ? 2 : 1) : n < 10 ? 1 : 0;
  const text = trimmed(n, decimals);
  return { text: text === "0" && n > 0 ? trimmed(n, 3) : text, value: Number(text) };
}

function plural(word: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(word) || /(?:tomat|potat|mang)o$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:[^f]f|fe)$/.test(word)) return word.replace(/fe?$/, "ves");
  return `${word}s`;
}

/** The unit's name for an amount: "cup" for 1 or less, "cups" for more or none; "unit"/"units", "clove"/"cloves"; g and tbsp as they are. */
function unitText(unit: string, value: number): string {
  if (INVARIABLE.has(unit)) return unit;
  const one = SINGULAR[unit] ?? unit;
  return value > 1 || value === 0 ? (SINGULAR[unit] ? unit : plural(one)) : one;
}

/** How far under a measure an amount may be and still be measured with it: 0.96 tbsp is a tablespoon. */
const UNDER = 0.95;
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** The larger units an amount of a US unit may move up to, largest first. */
const LARGER: Record<string, string[]> = { tsp: ["cups", "tbsp"], tbsp: ["cups"], oz: ["lbs"] };

/**
 * Whether `value` `unit` is an amount one measures in that unit (see readsWell, as the shopping list adds up): at
 * least one of it, or a measuring cup's size, and whole, or whole and a measuring cup's size (1 1/2 cups, 1 1/4 lbs),
 * or of a tablespoon whole or a half (there is no 1/3 tbsp spoon: 4 tsp stay 4 tsp).
 */
function landsOn(value: number, unit: string): boolean {
  if (!readsWell(value, unit)) return false;
  const fraction = value - Math.floor(value);
  return [0, 1, ...(unit === "tbsp" ? [1 / 2] : CUP_MEASURES)].some((p) => near(fraction, p));
}

/**
 * The unit a cook measures an amount in: the largest US unit it lands on (see landsOn: 3 tsp are 1 tbsp, 12 tsp
 * 1/4 cup, 8 tbsp 1/2 cup, 16 oz 1 lb; 2 tsp and 6 tbsp stay); under a quarter cup, spoons (1/16 cup is 1 tbsp);
 * under a tablespoon, but for half of one, teaspoons; metric in the unit it fills (0.5 kg is 500 g, 1500 ml is 1.5 L).
 */
function measuringUnit(value: number, unit: string): { normal: string; factor: number } {
  const up = (LARGER[unit] ?? []).find((larger) => landsOn(convertQuantity(value, unit, larger)!, larger));
  if (up) return { normal: up, factor: convertQuantity(1, unit, up)! };
  if (unit === "cups" && value < UNDER / 4) {
    const tbsp = value * 16;
    return tbsp < UNDER && !near(tbsp, 1 / 2) ? { normal: "tsp", factor: 48 } : { normal: "tbsp", factor: 16 };
  }
  if (unit === "tbsp" && value < UNDER && !near(value, 1 / 2)) return { normal: "tsp", factor: 3 };
  if ((unit === "kg" || unit === "L") && value < 1) return { normal: unit === "kg" ? "g" : "ml", factor: 1000 };
  if ((unit === "g" || unit === "ml") && value >= 1000) return { normal: unit === "g" ? "kg" : "L", factor: 1 / 1000 };
  return { normal: unit, factor: 1 };
}

/**
 * An amount as a cook writes it, the one way Kim shows quantities: cups and spoons in eighths and thirds
 * ("1 7/8 cups", "1/3 cup"), pounds, ounces and counted things in halves, thirds and quarters ("1 1/2 onions"),
 * metric in whole grams and millilitres from 10 on ("691 ml") and decimals of kg and L ("1.25 kg"); the unit
 * singular for 1 or less ("1 unit", "1 clove", but "0 units"). A quantity written as text keeps its range ("1-2 cups")
 * or, with no amount in it ("to taste"), is shown as written. `measuring`, for an amount the cook is about to measure
 * (a recipe's, scaled), in the unit it is measured in (see measuringUnit: "2 tbsp", not 1/8 cup; "500 g", not 0.5 kg);
 * stock stays in the unit it is kept in.
 */
export function formatAmount(quantity: number | string, unit: string, { measuring = false } = {}): string {
  const amount = parseQuantity(quantity);
  if (!amount) return `${typeof quantity === "string" ? quantity.trim() : ""} ${unit.trim()}`.trim();
  const kept = unit.trim() === "" ? "" : normalizeUnit(unit);
  const { normal, factor } = measuring ? measuringUnit(amount.upper ?? amount.value, kept) : { normal: kept, factor: 1 };
  const lower = numberText(amount.value * factor, normal);
  const upper = amount.upper === null ? null : numberText(amount.upper * factor, normal);
  const text = upper ? `${lower.text}-${upper.text}` : lower.text;
  return normal === "" ? text : `${text} ${unitText(normal, (upper ?? lower).value)}`;
}

/**
 * Where the words naming the food end: before a comma, a bracket or a note ("eggs, beaten", "onion (red)", "1 onion or
 * 2 shallots", "oil for frying", "heads of garlic", "anchovies in oil", "rabbit including legs").
 */
const HEAD_END = /\s*[,;([]|\s+-\s+|\s+or\s+(?=\d|an?\s)|\s+(?:for|to|of|with|without|including|in|from|at|plus|if|such as)\s/i;
/** Counted foods whose plural is the word itself, as recipes write them: 2 beetroot, 2 kiwi fruit. */
const SAME_IN_PLURAL = new Set(["beetroot", "fruit"]);

/** `word` inflected as `lower` was, its letters kept as written: "Eggs" is "Egg", "EGG" is "EGGS". */
function likeWritten(word: string, lower: string, inflected: string): string {
  let same = 0;
  while (same < lower.length && lower[same] === inflected[same]) same++;
  const rest = inflected.slice(same);
  return word.slice(0, same) + (word === word.toUpperCase() ? rest.toUpperCase() : rest);
}

/** Whether the words of a name, its last one singular, name a thing counted one by one: an egg, a bay leaf, a stock cube. */
const countable = (words: string[]) => COUNTING_WORDS.has(words.at(-1) ?? "") || weighedEach(words);

/** The last word of `head` (lower case) for `value` of it, or as it is when unsure (see countedName). */
function inflect(head: string, word: string, value: number): string {
  const words = keyWords(head);
  if (value > 1) return singular(word) === word && !SAME_IN_PLURAL.has(word) && countable(words) ? plural(word) : word;
  const one = singular(word);
  // Regular: the plural the rules make ("tomatoes", "berries", "leaves"), or one "s" more ("mangos"); not "chillies".
  const regular = /^[a-z]+$/.test(word) && (plural(one) === word || `${one}s` === word);
  // A plural word before it ("tomates maduros", "Brussels sprouts"): not one English head noun and its modifiers.
  const before = head.split(/\s+/).at(-2)?.toLowerCase() ?? "";
  // Less than one of a thing is a part of one (1/2 onion); of seeds or peas it is a measure the line left out.
  return regular && singular(before) === before && (value === 1 || countable(words)) ? one : word;
}

/**
 * A name as it reads after the amount shown beside it, for a count with no unit: "egg" after 2 is "eggs", "large eggs,
 * beaten" after 1 is "large egg, beaten", "onions" after 1/2 "onion". Only the last word before a comma, bracket or
 * note changes, and only when sure: for more than 1, a singular thing counted one by one (a food GRAMS_EACH weighs, or
 * a counting word: "bay leaf", "stock cube") turns plural; for 1, a regular English plural turns singular, and for less
 * than 1 (not 0) that of a thing counted one by one. Mass nouns (garlic, rice), a name joining two foods ("salt and
 * pepper", "plum or cherry tomatoes"), words in other letters and a Romance name ending in a plural adjective
 * ("tomates maduros") are left as written; so is the name beside an amount with a unit ("2 cups", "1 unit").
 */
export function countedName(name: string, amount: number | string): string {
  const parsed = parseQuantity(amount);
  const value = parsed && (parsed.upper ?? parsed.value);
  if (!value) return name;
  const end = HEAD_END.exec(name)?.index ?? name.length;
  const head = name.slice(0, end);
  const last = /(?<=^|\s)\p{L}+$/u.exec(head);
  if (!last || /\s(?:and|or|&)\s/i.test(head)) return name;
  const lower = last[0].toLowerCase();
  const inflected = inflect(head, lower, value);
  return inflected === lower ? name : head.slice(0, last.index) + likeWritten(last[0], lower, inflected) + name.slice(end);
}
