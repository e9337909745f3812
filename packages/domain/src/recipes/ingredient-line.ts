import { parseQuantity, VULGAR_FRACTION, type Amount } from "../shared/quantities";
import type { RecipeIngredient } from "./recipe-input";
import {
  CONTAINERS,
  convertQuantity,
  COUNTED_AFTER,
  COUNTING_WORDS,
  normalizeUnit,
  singular,
  unitFamily,
  unitsIn,
  unitSystem,
} from "../shared/units";

/**
 * One ingredient line read into its parts. `quantity` is the amount (the lower bound of a range, with `upper` its top),
 * `unit` is in Kim's spelling (see normalizeUnit: "tablespoons" is tbsp, "cloves" is clove), `name` is the food as
 * written without amounts, sizes or preparation; `preparation` says how it is cut or cooked, `comment` holds the rest
 * (notes in brackets, sizes, a can's own weight, "to taste").
 */
export interface ParsedIngredientLine {
  quantity: number | null;
  upper?: number;
  unit: string | null;
  name: string;
  preparation?: string;
  comment?: string;
}

/** What a line says besides the food, gathered as it is read. */
interface Parts {
  preparation: string[];
  comment: string[];
}

const words = (...lines: string[]) => new Set(lines.join(" ").split(" "));

/** Units units.ts does not know, by their spellings (it knows measures and a dozen). */
const OTHER_UNITS = new Map(
  [
    ["dessertspoon", "dessertspoon dsp dstspn"],
    ["cm", "cm"],
    ["mm", "mm"],
    ["inch", "inch"],
    ["package", "pkg pkge"],
    ["packet", "pkt"],
  ].flatMap(([unit, spellings]) => spellings!.split(" ").map((s) => [s, unit!] as const)),
);
/** Words that count a food ("2 sprigs thyme", "1 tin tomatoes"): units when they follow the amount. */
const COUNTS = new Set([
  ...COUNTING_WORDS,
  // In the other languages imports read: German, French, Spanish, Dutch, Italian, Czech and Slovak, Hungarian, Russian.
  ...words("stk stück prise bund zehe dose pck scheibe msp gousse pièce pincée diente pizca teentje takje blik spicchio ks db шт"),
]);

/** How big: kept out of the name, so "1 large red chilli" is red chilli (said in the comment). */
const SIZES = words("small medium large big jumbo extra-large medium-sized large-sized small-sized sized smallish largish sm med lg");
/** How full a measure is ("2 heaped tbsp"): only before a unit, since "good" and "level" mean other things elsewhere. */
const FULLNESS = words("heaped heaping level rounded generous scant good large small big");
/** What a cook does to a food before it goes in: kept out of the name, in `preparation`. */
const PREPARED = words(
  "beaten chilled chopped cored coarsely cracked crumbled crushed cubed cut deseeded deveined de-veined diced drained finely",
  "freshly grated halved hard-boiled hulled juiced julienned lightly mashed melted minced packed peeled picked pitted poached",
  "quartered rinsed roughly scrubbed segmented shaved shelled shredded sifted skinned sliced snipped softened spiralized spiralised",
  "squeezed steamed stoned thawed thickly thinly torn trimmed warmed washed whisked zested loosely firmly tightly",
);
/** Words that say a comma's text is about preparing the food, not more of its name. */
const PREPARING = new Set([...PREPARED, ...words("removed reserved discarded left only intact divided separated cut into in on off")]);
/** Parts of a food, which start a text about the part used ("zest and juice", "leaves only"), not another food. */
const FOOD_PARTS = words("zest juice rind flesh leaves stems stalks seeds skin bones");
/** Words that describe a food, which a comma may follow ("2 skinless, boneless chicken breasts"). */
const DESCRIBING = words("whole firm ripe long fresh hot mild sweet dry dried light dark lean thick thin plain organic free-range");

/** A note about the line rather than the food ("for dusting", "to serve", "plus extra"). */
const NOTE =
  /^(?:for|to (?:taste|serve|garnish|decorate|finish|season)|plus|more|if|or (?:to taste|more|less|as needed)|optional|such as|see|available|you|at|about|approx|room temperature|e\.g\.)\b/i;
/** Where a note starts after the food's words: "oil for deep frying", "salt to taste", "1 onion or 2 shallots". */
const TRAILING_NOTE =
  /\s+(?:for\s|to (?:taste|serve|garnish|decorate|finish|season)\b|plus\s|per\s|if (?:needed|using|liked|you like)\b|(?:or )?(?:to taste|more|less|as (?:needed|desired|required))\b|or (?=\d)|optional\b)/i;
/** Where a clause about preparing starts: "lemons cut into quarters", "yeast mixed with 2 tbsp water". */
const CLAUSE =
  /\s+(?=(?:[a-z]*[^e\s]ed|beaten|broken|cut|made|torn)\s+(?:in|into|with|on|from|until|to|at|by|under|over)\b|that\b|which\b|such as\b|e\.g\.)/i;
/** An amount said in words, where there is no number: "a little butter", "a few sprigs of thyme", "drizzle of oil". */
const ROUGH_AMOUNT = new RegExp(
  String.raw`^(?:(?:an?|some)\s+)?(?:(?:few|little|couple|bit|touch|plenty|lots)\s+(?:of\s+)?)?(?:(?:${[...COUNTS].join("|")})(?:e?s)?\s+of\s+)?`,
  "i",
);

/** "juice of 1 lemon", "grated zest of 2 limes": the part is said before the food that is counted. */
const PART_OF = /^((?:[a-z]+ ){0,3}?(?:juice|zest|rind))\s+of\s+(?=\d)/i;
/** Where a line's texts part: a comma, a semicolon, a spaced dash ("Flour - 2 cups"). */
const SEGMENT_BREAK = /\s*[,;]\s*|\s+-\s+/;
/** A label of up to three words before the amount: "Optional: 2 cups chicken", "Optional Glaze: ½ cup sugar". */
const LABEL = /^(\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*){0,2}) ?:\s*(?=\.?\d)/u;
const LEADING_APPROXIMATION = /^(?:about|approx\.?|approximately|around|roughly|circa|c\.|up to|at least)\s+(?=\d)/i;
const WORD_NUMBERS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

const AMOUNT = String.raw`(?:\d+(?:\.\d+)?(?: \d+/\d+)?|\d+/\d+|\.\d+)`;
const QUANTITY = new RegExp(String.raw`^(${AMOUNT}(?:\s*(?:-|to|or)\s*${AMOUNT})?)(?![\w./])\s*|^(${WORD_NUMBERS.join("|")})\s+`, "i");
/** A can's or pack's own measure, after the count: "2 x 400g tins", "1 14-oz can". */
const SIZE = new RegExp(String.raw`^(?:[x×]\s*)?(${AMOUNT})\s*-?\s*([a-z]+(?: oz)?)\.?\s+`, "i");
const MULTIPLIER = /^[x×]\s+/i;
/** A second measure of the same amount, after a slash or "plus": "200ml/7fl oz milk", "1 tbsp plus 1 tsp sugar". */
const OTHER_MEASURE = new RegExp(String.raw`^(?:[/|]|plus\s)\s*(?:${AMOUNT})?\s*(?:fl\.? oz|[a-z]+)\.?(?=\s|$)\s*`, "i");
/**
 * More of a measure: "plus 2 tbsp", a second amount and unit straight after the first ("4 oz" after "1 lb"), or the
 * top of a range in another unit ("to 1/4 cup" after "2 tbsp").
 */
const MORE_MEASURE = new RegExp(String.raw`^(?:(plus)\s+|(to)\s+)?(${AMOUNT})\s*([a-z]+(?: oz)?)\.?(?=\s|$)\s*`, "i");
const VULGAR_FRACTIONS = new RegExp(VULGAR_FRACTION.source, "g");

/** A unit no one buys a thousand of: "1,250 kg" is 1.25 kg, where "1,250 g" may be 1250 g. */
const LARGE_UNIT = /^\s*(?:kg|kilos?|l|ltr|lit(?:er|re)s?)\b/i;
/** French spoons, which "c." would read as a cup: "c. à soupe", "c.à.s.", "càs", "cuillères à café", "c. à c.". */
const FRENCH_SPOON = /(?<!\p{L})(?:c\.?|cuill[eè]res?|cuil\.?)\s*[àa]\.?\s*(soupe|s\b\.?|caf[eé]|c\b\.?)/giu;

/** Portuguese spoons, said by their size: "colher (sopa)", "colheres de chá"; "colher(es)" has lost its "(es)". */
const PORTUGUESE_SPOON = /colher(?:es)?\s*(?:\(\s*(?:de\s+)?|de\s+)(sopa|ch[aá]|caf[eé])(?:\s*\)|(?!\p{L}))/giu;
/** A Portuguese cup said as the tea cup it is: "xícara (chá)", "xícaras de chá". */
const PORTUGUESE_CUP = /(x[íi]caras?)\s*(?:\(\s*(?:de\s+)?ch[aá]\s*\)|de\s+ch[aá](?!\p{L}))/giu;

/** The line with fractions, dashes and spacing in one form; a number and its unit apart ("200g" is "200 g"). */
function normalizeLine(line: string): string {
  return (
    line
      // "1 000 g": a thousand, set with a no-break or thin space as French and German print it.
      .replace(/(\d)[\u00A0\u2009\u202F](?=\d{3}(?!\d))/g, "$1")
      .replace(/\s+/g, " ")
      .replace(/^[-•*·▪●◦]+ /, "")
      .replace(VULGAR_FRACTIONS, (c) => ` ${c.normalize("NFKD")} `)
      .replace(/\u2044/g, "/")
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/\s*\+\s*/g, " plus ")
      // "1-1/2 cups" and "1 and 1/2 cups" are mixed numbers, as some recipes write one; "1,5 kg" a decimal, "1,000 g" a thousand.
      .replace(/(\d)(?:-| and )(?=(\d+)\/(\d+)(?!\d))/g, (m, d: string, num: string, den: string) =>
        Number(num) < Number(den) ? `${d} ` : m,
      )
      // From a run's first digit only: tried from each digit, a long run was read again and again (quadratic).
      .replace(/(?<!\d)(\d+),(\d+)/g, (m, whole: string, rest: string, at: number, text: string) =>
        rest.length === 3 && whole !== "0" && !LARGE_UNIT.test(text.slice(at + m.length)) ? `${whole}${rest}` : `${whole}.${rest}`,
      )
      // "Prise(n)", "pièce(s)": a plural marker on a word.
      .replace(/(\p{L})\((?:n|s|e|er|es)\)/gu, "$1")
      .replace(FRENCH_SPOON, (_, size: string) => (/^s/i.test(size) ? " tbsp " : " tsp "))
      .replace(PORTUGUESE_SPOON, (_, size: string) => (/^s/i.test(size) ? "tbsp" : "tsp"))
      .replace(PORTUGUESE_CUP, "$1")
      .replace(/(\d)(?!(?:st|nd|rd|th)\b)(\p{L})/giu, "$1 $2")
      .replace(/(^|\s)([x×]|to)(?=\d)/gi, "$1$2 ")
      .replace(/(\d)\s*-\s*(?=\d)/g, "$1-")
      .replace(/\s+/g, " ")
      .replace(/[\s.]+$/, "")
      .trim()
  );
}

/** The unit a spelling names, in Kim's spelling, or null when it is no unit. */
function unitOf(spelling: string): string | null {
  const text = spelling.replace(/\.$/, "");
  if (!/^\p{L}+(?:\.? \p{L}+)?$/iu.test(text)) return null;
  const normal = normalizeUnit(text);
  // Measures, and counts units.ts sizes (a dozen), are its; other counting words must be known here.
  if (unitFamily(text) !== "count" || (normal !== "units" && unitsIn(normal) !== null)) return normal;
  const word = singular(text.toLowerCase());
  return OTHER_UNITS.get(word) ?? OTHER_UNITS.get(text.toLowerCase()) ?? (COUNTS.has(word) ? word : null);
}

/** A unit at the start of `text`, of one or two words ("fl oz"), with the length of text it took (and a following "of"). */
function readUnit(text: string): { unit: string; length: number } | null {
  const m = /^(\p{L}+\.?)(?: (\p{L}+\.?))?/iu.exec(text);
  if (!m) return null;
  const ends = (length: number) => length === text.length || /[\s,;/]/.test(text[length]!);
  const two = m[2] && ends(m[0].length) ? unitOf(m[0]) : null;
  const unit = two ?? (ends(m[1]!.length) ? unitOf(m[1]!) : null);
  if (!unit) return null;
  const taken = two ? m[0].length : m[1]!.length;
  // "of", and the words other languages say it with ("500 g de farine", "2 tbsp d'huile", "100 g di farina").
  const of = /^\s+(?:of(?:\s+an?)?(?=\s)|(?:de|di|del|della|du|des)(?=\s)|d['’](?=\p{L}))/iu.exec(text.slice(taken));
  return { unit, length: taken + (of ? of[0].length : 0) };
}

/** Notes in brackets, taken out of the line; an unclosed bracket runs to the end. */
function takeBrackets(text: string, notes: string[]): string {
  return text.replace(/\s*[([]([^()[\]]*)(?:[)\]]|$)/g, (_, note: string) => {
    if (note.trim()) notes.push(note.trim());
    return " ";
  });
}

/** The amount at the start of the head, and the head after it. */
function readAmount(head: string): { amount: Amount | null; rest: string } {
  // Not "half and half", the cream.
  const half = /^half\s+(?!and\b)(?:an?\s+)?(?=\S)/i.exec(head);
  if (half) return { amount: { value: 0.5, upper: null }, rest: head.slice(half[0].length) };
  // "a cup of sugar", "an 8-oz package": one of a measure or pack; "a pinch" or "a drizzle" stays a rough amount.
  const article = /^an?\s+/i.exec(head);
  const counted = article && readMeasure(head.slice(article[0].length), { preparation: [], comment: [] }).unit;
  if (counted && (unitFamily(counted) !== "count" || CONTAINERS.has(counted)))
    return { amount: { value: 1, upper: null }, rest: head.slice(article[0].length) };
  const m = QUANTITY.exec(head);
  if (!m) return { amount: null, rest: head };
  const amount = m[2] ? { value: WORD_NUMBERS.indexOf(m[2].toLowerCase()) + 1, upper: null } : parseQuantity(m[1]!);
  if (!amount) return { amount: null, rest: head };
  const rest = head.slice(m[0].length);
  // "0 As required salt": a zero before words, not a unit, is a site's blank amount.
  if (amount.value === 0 && amount.upper === null && rest && !readUnit(rest)) return { amount: null, rest };
  return { amount, rest };
}

/** Whether a text is an amount and its unit alone ("1 dl"), which the words before a colon are the food of. */
function isMeasureOnly(text: string): boolean {
  const { amount, rest } = readAmount(text);
  return amount !== null && (!rest || measureAlone(text) !== null);
}

/**
 * An amount with its unit and nothing more ("2 cups", "185 grammes") but the same amount in another unit ("320 g |
 * 11 oz"); null for any other text.
 */
function measureAlone(text: string): { amount: Amount; unit: string; more?: MoreOfMeasure } | null {
  const { amount, rest } = readAmount(text);
  const read = amount && readUnit(rest);
  if (!amount || !read) return null;
  const after = rest.slice(read.length).trim();
  if (after === "") return { amount, unit: read.unit };
  // "2 tbsp plus 1 tsp": more of the measure; "320 g | 11 oz": the same amount again.
  const more = moreOfMeasure(after, read.unit);
  if (more && more.length >= after.length) return { amount, unit: read.unit, more };
  return /^[/|]/.test(after) && OTHER_MEASURE.exec(after)?.[0].trim() === after ? { amount, unit: read.unit } : null;
}

/**
 * The amount said after the food, in a line with none before it: at the end of the head ("Kritharaki 275 g",
 * "Beurre doux : 120 g") or as the whole next text, which it takes out of `segments` ("Flour - 2 cups", "Ground beef,
 * 300 g"). Only with a unit, so that a number in the name ("Vitamin B12") or a bare count ("Eggs 2") is left as written.
 */
function measureAfter(head: string, segments: string[]): { amount: Amount; unit: string; more?: MoreOfMeasure; food: string } | null {
  if (!/\p{L}/u.test(head)) return null;
  const next = segments[0] === undefined ? null : measureAlone(segments[0]);
  if (next) {
    segments.shift();
    return { ...next, food: head };
  }
  const breaks = /(?:\s*:\s*|\s+)(?=\.?\d)/g;
  breaks.lastIndex = lastWords(head, MEASURE_WORDS);
  for (const m of head.matchAll(breaks)) {
    const food = head.slice(0, m.index);
    const measure = measureAlone(head.slice(m.index + m[0].length));
    if (measure && /\p{L}/u.test(food)) return { ...measure, food };
  }
  return null;
}

/**
 * Words a measure alone may take, with room to spare: an amount (5: "1 1/2 to 2 1/2"), a unit (4: "fl oz of an") and
 * more of it or the same in another unit (5: "plus 1 1/2 fl oz"). Looking for one only among a line's last words keeps
 * a long line's cost in its length: tried after every number, each try read the rest of the line.
 */
const MEASURE_WORDS = 20;

/** Where the last `count` words of a text (its words one space apart) start, at the space before them. */
function lastWords(text: string, count: number): number {
  let at = text.length;
  for (let n = 0; n < count && at > 0; n++) at = text.lastIndexOf(" ", at - 1);
  return Math.max(at, 0);
}

/** What a measure says after its unit: more of it (`extra`), or its range's top (`upper`), in its unit. */
interface MoreOfMeasure {
  extra: number;
  upper?: number;
  length: number;
}

/**
 * More of the same measure said after it, in `unit`: "1 lb 4 oz" (a smaller unit straight after), "3/4 cup plus
 * 2 tbsp", or a range's top in another unit ("2 tbsp to 1/4 cup"); null when there is none or it does not convert.
 */
function moreOfMeasure(text: string, unit: string): MoreOfMeasure | null {
  const m = MORE_MEASURE.exec(text);
  const other = m && unitOf(m[4]!);
  const amount = m && parseQuantity(m[3]!);
  if (!m || !other || !amount || amount.upper !== null) return null;
  const inUnit = convertQuantity(amount.value, other, unit);
  if (inUnit === null) return null;
  if (m[2]) return { extra: 0, upper: inUnit, length: m[0].length };
  // Straight after the measure only a smaller unit of its system adds ("1 lb 4 oz"); "1 cup 240 ml" says one amount twice.
  if (!m[1] && (convertQuantity(1, other, unit)! >= 1 || unitSystem(other) !== unitSystem(unit))) return null;
  return { extra: inUnit, length: m[0].length };
}

/** The unit after an amount (past a can's own size and "heaped"), and what is left of the head. */
function readMeasure(head: string, { comment }: Parts): { unit: string | null; rest: string; more?: MoreOfMeasure } {
  let rest = head.replace(/^of\s+(?:an?\s+)?/i, "");
  const multiplied = MULTIPLIER.test(rest);
  const size = SIZE.exec(rest);
  const sizeUnit = size && unitOf(size[2]!);
  if (size && sizeUnit && (multiplied || readUnit(rest.slice(size[0].length)))) {
    comment.push(`${size[1]} ${sizeUnit}`);
    rest = rest.slice(size[0].length);
  } else if (multiplied) rest = rest.replace(MULTIPLIER, "");
  // "2 heaped tbsp", "2 fresh sprigs thyme": a word may stand before the unit (in the comment, or kept with the food).
  const before = /^([a-z-]+) /i.exec(rest);
  const word = before?.[1]!.toLowerCase() ?? "";
  const skip = before && (FULLNESS.has(word) || DESCRIBING.has(word)) && readUnit(rest.slice(before[0].length)) ? before[0].length : 0;
  const read = readUnit(rest.slice(skip));
  // "6 cloves": a counting word with nothing after it is the food.
  if (read && !skip && read.length === rest.length && unitFamily(read.unit) === "count") return { unit: null, rest };
  if (!read) return { unit: null, rest: rest.replace(/^an?\s+/i, "") };
  rest = rest.slice(skip + read.length).trim();
  if (skip && FULLNESS.has(word)) comment.push(before![1]!);
  else if (skip) rest = `${before![1]} ${rest}`;
  // "500g pack puff pastry": the pack a measure comes in.
  const pack = /^([a-z]+)\s+/i.exec(rest);
  if (pack && unitFamily(read.unit) !== "count" && CONTAINERS.has(singular(pack[1]!.toLowerCase()))) {
    comment.push(pack[1]!);
    rest = rest.slice(pack[0].length);
  }
  const more = unitFamily(read.unit) === "count" ? null : moreOfMeasure(rest, read.unit);
  if (more) return { unit: read.unit, rest: rest.slice(more.length), more };
  const other = OTHER_MEASURE.exec(rest);
  if (other) {
    comment.push(other[0].replace(/^[/|]\s*/, "").trim());
    rest = rest.slice(other[0].length);
  }
  return { unit: read.unit, rest };
}

/** The food's words, with sizes and preparation taken out ("finely chopped fresh tarragon" is fresh tarragon). */
function nameWords(text: string, keepPrepared: boolean, parts: Parts): string[] {
  const all = text.split(" ").filter(Boolean);
  const kept: string[] = [];
  const done: string[] = [];
  const isSize = (word: string) => SIZES.has(word) || word.endsWith("-sized");
  for (const [i, word] of all.entries()) {
    const lower = word.toLowerCase().replace(/\.$/, "");
    const [before, next] = [all[i - 1]?.toLowerCase() ?? "", all[i + 1]?.toLowerCase() ?? ""];
    const prepared = PREPARED.has(lower) && !keepPrepared;
    // "very large", "medium to small": words that only go with a size are part of it.
    if (isSize(lower) || (lower === "very" && isSize(next)) || (/^(?:to|or)$/.test(lower) && isSize(before) && isSize(next)))
      parts.comment.push(word);
    else if (prepared || (lower === "very" && PREPARED.has(next))) done.push(word);
    // Ground pepper is pepper from the mill; ground spices are foods of their own ("ground cinnamon").
    else if (lower === "ground" && (done.at(-1) === "freshly" || /^(?:black |white )?pepper/.test(`${next} ${all[i + 2] ?? ""}`)))
      done.push(word);
    else if ((lower === "of" || lower === "each") && kept.length === 0) continue;
    else kept.push(COUNTS.has(singular(lower)) ? singular(word) : word);
  }
  if (done.length > 0) parts.preparation.push(done.join(" "));
  return kept;
}

/** The food's words in a text, without a trailing note ("to taste") or preparing clause ("cut into wedges"). */
function foodWords(text: string, keepPrepared: boolean, parts: Parts): string[] {
  let food = text;
  // A space before, so that a text that is all note ("to taste") is one too.
  const note = TRAILING_NOTE.exec(` ${food}`);
  if (note) {
    const at = Math.max(0, note.index - 1);
    parts.comment.push(food.slice(at).trim());
    food = food.slice(0, at);
  }
  const clause = CLAUSE.exec(food);
  if (clause) {
    parts.preparation.push(food.slice(clause.index).trim());
    food = food.slice(0, clause.index);
  }
  return nameWords(food, keepPrepared, parts);
}

/** A comma's text that may be more of the food's name: no preparation, note or number, and short. */
function moreName(segment: string): boolean {
  const all = segment.toLowerCase().split(" ");
  const preparing = all.some((w) => PREPARING.has(w)) || FOOD_PARTS.has(all[0]!);
  return all.length <= 5 && !NOTE.test(segment) && !/\d/.test(segment) && !preparing;
}

/** Words that say how a food is, or was made so ("cleaned and gutted", "skinless and boneless"), not which food. */
const isState = (word: string) => /^[a-z-]{2,}(?:[^e]ed|less)$/i.test(word);

/**
 * How many of the comma's texts after the head go on with the name: a list of foods ending in "or" or "and"
 * ("olive, sunflower or vegetable oil"), or the food after a describing word ("3 long, red chillies").
 */
function nameGoesOn(name: string[], segments: string[]): number {
  const first = segments[0];
  if (first === undefined || NOTE.test(first)) return 0;
  // After describing words alone, the next text names the food however it is prepared ("1 tbsp fresh, chopped chives").
  if (name.every((w) => DESCRIBING.has(w.toLowerCase()) || isState(w))) return 1;
  if (!moreName(first)) return 0;
  if (name.length === 1 && name[0]!.includes("-")) return 1;
  for (const [i, segment] of segments.entries()) {
    if (!moreName(segment) || segment.split(" ").some(isState)) return 0;
    if (/\b(?:or|and)\b/i.test(segment)) return i + 1;
  }
  return 0;
}

/** The line's amount with what its measure said after its unit: more of it, or a range's top in another unit. */
function measuredAmount(amount: Amount | null, more: MoreOfMeasure | undefined): Pick<ParsedIngredientLine, "quantity" | "upper"> {
  if (!amount) return { quantity: null };
  const extra = more?.extra ?? 0;
  const upper = amount.upper !== null ? amount.upper + extra : more?.upper !== undefined && more.upper > amount.value ? more.upper : null;
  return { quantity: amount.value + extra, ...(upper !== null && { upper }) };
}

/**
 * Reads a recipe's ingredient line: "1 1/2 cups plain flour, sifted" is 1.5 cups of plain flour, sifted. Reads
 * fractions (½, 1 1/2), ranges (3-4: quantity 3, upper 4), units attached or not ("200g", "2 tbsp"), the first of two
 * measures ("200ml/7fl oz milk"), a counting word after the food ("3 garlic cloves" is 3 clove of garlic), and a count
 * of cans or packs, which keeps the count: "2 x 400g tins tomatoes" is 2 tins (400 g in the comment), as recipes are
 * labelled. With no amount before the food, one with its unit after it is read ("Flour - 2 cups"). Notes in
 * brackets and after the food ("to taste", "for dusting") go to the comment, preparation ("finely chopped") to
 * preparation; a line with no amount ("Salt and pepper to taste") has quantity null.
 */
export function parseIngredientLine(line: string): ParsedIngredientLine {
  const parts: Parts = { preparation: [], comment: [] };
  const { preparation, comment } = parts;
  let text = normalizeLine(line);
  const label = LABEL.exec(text);
  // The words before the colon are the food when only its measure follows, up to a note ("Butter: 100 g, softened").
  if (label && !isMeasureOnly(text.slice(label[0].length).split(SEGMENT_BREAK)[0]!)) {
    comment.push(label[1]!);
    text = text.slice(label[0].length);
  }
  const segments = takeBrackets(text, comment)
    .split(SEGMENT_BREAK)
    .map((s) => s.trim())
    .filter(Boolean);
  let head = segments.shift() ?? "";

  const part = PART_OF.exec(head);
  if (part) {
    preparation.push(part[1]!);
    head = head.slice(part[0].length);
  }
  let amount: Amount | null;
  ({ amount, rest: head } = readAmount(head.replace(LEADING_APPROXIMATION, "")));
  let unit: string | null = null;
  let more: MoreOfMeasure | undefined;
  const after = amount ? null : measureAfter(head, segments);
  if (amount) ({ unit, rest: head, more } = readMeasure(head, parts));
  else if (after) ({ amount, unit, food: head, more } = after);
  else {
    const rough = ROUGH_AMOUNT.exec(head);
    if (rough && rough[0] && rough[0].length < head.length) {
      if (!/^an?\s+$/i.test(rough[0])) comment.push(rough[0].trim());
      head = head.slice(rough[0].length);
    }
  }

  const name = foodWords(head, unit !== null && CONTAINERS.has(unit), parts);
  // "3 garlic cloves": the counting word after the food, unless it is the food ("15 whole cloves", "pears with stalks").
  const [last, before] = [name.at(-1)?.toLowerCase() ?? "", name.at(-2)?.toLowerCase() ?? ""];
  const describedOnly = name.slice(0, -1).every((w) => DESCRIBING.has(w.toLowerCase()));
  if (amount && !unit && COUNTED_AFTER.has(singular(last)) && !describedOnly && !/^(?:with|of|and|or|in)$/.test(before)) {
    unit = singular(last);
    name.pop();
  }
  for (const segment of segments.splice(0, nameGoesOn(name, segments))) name.push(...foodWords(segment, false, parts));
  // "grated or pared lime zest": a joining word left at either end joined something that went.
  while (/^(?:or|and)$/i.test(name[0] ?? "")) name.shift();
  while (/^(?:or|and)$/i.test(name.at(-1) ?? "")) name.pop();
  for (const segment of segments) (NOTE.test(segment) ? comment : preparation).push(segment);

  return {
    ...measuredAmount(amount, more),
    unit,
    name: name.join(" "),
    ...(preparation.length > 0 && { preparation: preparation.join(", ") }),
    ...(comment.length > 0 && { comment: comment.join(", ") }),
  };
}

const MAX_NAME = 200;
const MAX_UNIT = 30;
const MAX_LINE = 500;

/** Decimals a line's fraction became (0.333…) kept short; the form shows them as typed. */
const shortNumber = (n: number) => Number(n.toFixed(3));

/**
 * An imported line as a recipe's ingredient: its parsed quantity, unit and name, with the line itself as `original`.
 * A range stays words ("3-4"), so shopping can take its upper bound; a line with no amount has an empty quantity; a
 * line whose name could not be told apart keeps the whole line as its name, with no quantity or unit.
 */
export function recipeIngredientFromLine(line: string): RecipeIngredient {
  const original = line.trim().slice(0, MAX_LINE);
  const parsed = parseIngredientLine(original);
  const name = parsed.name.trim();
  if (!name) return { name: original.slice(0, MAX_NAME), quantity: "", unit: "", original };
  const quantity =
    parsed.quantity === null
      ? ""
      : parsed.upper !== undefined
        ? `${shortNumber(parsed.quantity)}-${shortNumber(parsed.upper)}`
        : shortNumber(parsed.quantity);
  return { name: name.slice(0, MAX_NAME), quantity, unit: (parsed.unit ?? "").slice(0, MAX_UNIT), original };
}
