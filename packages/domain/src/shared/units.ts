export type UnitFamily = "mass" | "volume" | "count";

/** An amount in a unit, as written ("2 cups") or as converted. */
export interface Measured {
  quantity: number;
  unit: string;
}

type System = "metric" | "us";
type Sized = { family: "mass" | "volume"; size: number; system: System };

// US customary measures from their exact definitions: the cup is 236.588 ml, the avoirdupois ounce 28.3495 g.
const CUP_ML = 236.5882365;
const OUNCE_G = 28.349523125;

/** Units with a size, in grams or millilitres. Any other unit counts things. */
const SIZED = new Map<string, Sized>([
  ["mg", { family: "mass", size: 0.001, system: "metric" }],
  ["g", { family: "mass", size: 1, system: "metric" }],
  ["kg", { family: "mass", size: 1000, system: "metric" }],
  ["oz", { family: "mass", size: OUNCE_G, system: "us" }],
  ["lbs", { family: "mass", size: 16 * OUNCE_G, system: "us" }],
  ["ml", { family: "volume", size: 1, system: "metric" }],
  ["cl", { family: "volume", size: 10, system: "metric" }],
  ["dl", { family: "volume", size: 100, system: "metric" }],
  ["L", { family: "volume", size: 1000, system: "metric" }],
  ["tsp", { family: "volume", size: CUP_ML / 48, system: "us" }],
  ["tbsp", { family: "volume", size: CUP_ML / 16, system: "us" }],
  ["fl oz", { family: "volume", size: CUP_ML / 8, system: "us" }],
  ["cups", { family: "volume", size: CUP_ML, system: "us" }],
  ["pt", { family: "volume", size: 2 * CUP_ML, system: "us" }],
  ["qt", { family: "volume", size: 4 * CUP_ML, system: "us" }],
  ["gal", { family: "volume", size: 16 * CUP_ML, system: "us" }],
]);

/**
 * Spellings of each unit, lower case and singular (plurals are singularised before the look-up), with the spoons,
 * cups and grams of the languages recipes come in: German and Dutch EL and TL, Scandinavian msk, ss and tsk, Italian,
 * Spanish, Portuguese, Polish, Hungarian, Turkish and Russian words (plurals English rules miss spelt out).
 */
const SPELLINGS: [string, string[]][] = [
  ["mg", ["mg", "milligram", "milligramme"]],
  ["g", ["g", "gr", "gm", "gms", "gram", "gramme", "gramm", "grammi", "gramos", "г"]],
  ["kg", ["kg", "kgs", "kilo", "kilogram", "kilogramme", "kilogramm", "кг"]],
  ["oz", ["oz", "ounce"]],
  ["lbs", ["lb", "lbs", "pound"]],
  ["ml", ["ml", "mls", "millilitre", "milliliter", "мл"]],
  ["cl", ["cl", "centilitre", "centiliter"]],
  ["dl", ["dl", "decilitre", "deciliter"]],
  ["L", ["l", "ltr", "litre", "liter"]],
  [
    "tsp",
    [
      ...["tsp", "teaspoon", "tl", "teelöffel", "theelepel", "tsk", "ts", "cucchiaino", "cucchiaini", "cucharadita", "cdta", "cdita"],
      ...["łyżeczka", "łyżeczki", "teáskanál", "çay kaşığı", "ч л"],
    ],
  ],
  [
    "tbsp",
    [
      ...["tbsp", "tbs", "tbl", "tablespoon", "el", "esslöffel", "eßlöffel", "eetlepel", "msk", "ss", "spsk", "cucchiaio", "cucchiai"],
      ...["cucharada", "cda", "łyżka", "łyżki", "evőkanál", "yemek kaşığı", "ст л"],
    ],
  ],
  ["fl oz", ["fl oz", "floz", "fl ounce", "fluid ounce"]],
  ["cups", ["c", "cup", "xícara", "xicara", "szklanka", "szklanki"]],
  ["pt", ["pt", "pts", "pint"]],
  ["qt", ["qt", "qts", "quart"]],
  ["gal", ["gal", "gallon"]],
  ["units", ["", "unit", "each", "ea", "none"]],
  ["dozen", ["dozen", "doz"]],
];
const CANONICAL = new Map(SPELLINGS.flatMap(([unit, spellings]) => spellings.map((s) => [s, unit] as const)));

/** The units a sum is shown in, largest first. */
const LADDERS: Record<System, Record<Sized["family"], string[]>> = {
  metric: { mass: ["kg", "g"], volume: ["L", "ml"] },
  us: { mass: ["lbs", "oz"], volume: ["gal", "qt", "pt", "cups", "tbsp", "tsp"] },
};
/** Measures a sum reaches only when one of its parts was written in them: 5 cups of flour are not 1.25 quarts. */
const ONLY_AS_WRITTEN = new Set(["gal", "qt", "pt"]);
/** What a set of measuring cups measures: under a cup, other amounts read better in spoons (6 tbsp, not 0.38 cups). */
export const CUP_MEASURES = [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4];

/** Counting words that may follow the food ("3 garlic cloves", "2 celery sticks"): then they are its unit. */
export const COUNTED_AFTER = new Set([
  "branch",
  "bulb",
  "clove",
  "head",
  "loaf",
  "sachet",
  "sheet",
  "slice",
  "spear",
  "sprig",
  "stalk",
  "stick",
]);

/**
 * English words that count a food ("2 sprigs thyme", "1 tin tomatoes", "a stock cube"), each a thing of its own:
 * ingredient lines read them as units, and a name ending in one says how many ("2 bay leaves").
 */
export const COUNTING_WORDS = new Set(
  [
    "bag ball bar block bottle box branch bulb bunch bundle can carton chunk clove container cube cupful dash dollop drizzle drop ear",
    "envelope glass glug handful head jar knob leaf loaf mug nest pack package packet part piece pinch pod pot punnet rack rasher",
    "rib sachet scoop shot sheet slice splash spoonful sprig sprinkle spear square stalk stem stick strip",
    "tablespoonful teaspoonful tin tub tube twist wedge",
  ]
    .join(" ")
    .split(" "),
);

/** Packs a food is sold in ("1 tin chopped tomatoes", "a jar of pesto"): one holds what the pack holds, not one of the food. */
export const CONTAINERS = new Set(
  "bag bottle box can carton container envelope jar pack package packet pot sachet tin tub tube".split(" "),
);

/** Plurals the rules below would get wrong, and words that only look plural. */
const IRREGULAR = new Map([
  ...["leaf", "loaf", "half", "calf", "shelf"].map((w) => [`${w.slice(0, -1)}ves`, w] as const),
  ["knives", "knife"],
  ["chilies", "chili"],
  ["chillies", "chilli"],
  // Counting words of other languages (see ingredient-line.ts), whose plurals the English rules get wrong.
  ...["zehe", "prise", "dose", "scheibe"].map((w) => [`${w}n`, w] as const),
  ["spicchi", "spicchio"],
  ["gousses", "gousse"],
  ["blikken", "blik"],
  // Singulars in -ie, -oe, -che and -sse, which the rules would cut too short (cookies is cookie, not cooky).
  ..."cookie brownie smoothie veggie pie calorie hoagie smokie aloe sloe quiche brioche ganache mousse"
    .split(" ")
    .map((w) => [`${w}s`, w] as const),
  ...["molasses", "series", "species", "haggis"].map((w) => [w, w] as const),
]);

/**
 * The singular of a lower-case English noun, to match names and units: eggs, tomatoes, berries, leaves, boxes and
 * peaches lose their plural ending; glass, asparagus, hummus, couscous and molasses are left as they are.
 */
export function singular(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (word.length <= 3 || !word.endsWith("s") || /(?:ss|us)$/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh|[^aeiou]o)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The words of a name as ingredients are matched: lower case, without accents and punctuation, each singular. */
export function keyWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular);
}

function clean(unit: string): string {
  return unit.replace(/\./g, " ").replace(/\s+/g, " ").trim();
}

/**
 * A unit in one spelling: "Tablespoons", "tbs" and "T" are tbsp, "t" is tsp (the case tells them apart), "pounds" is
 * lbs, "" and "each" are units. A unit it does not know counts things and is kept singular: "Cloves" is clove.
 */
export function normalizeUnit(unit: string): string {
  const text = clean(unit);
  if (text === "T") return "tbsp";
  if (text === "t") return "tsp";
  const lower = text.toLowerCase();
  const word = lower.split(" ").map(singular).join(" ");
  return CANONICAL.get(lower) ?? CANONICAL.get(word) ?? word;
}

/** Counted units that are a number of plain units: a dozen eggs are 12 eggs. */
const UNITS_EACH = new Map([
  ["units", 1],
  ["dozen", 12],
]);

/** How many plain units one `unit` (normalised) is: 1 for units, 12 for a dozen; null for another count or a measure. */
export function unitsIn(unit: string): number | null {
  return UNITS_EACH.get(unit) ?? null;
}

/** A unit's family and size: grams or millilitres for a measure, plain units for a dozen, else 1. */
function unitInfo(unit: string): { unit: string; family: UnitFamily; size: number; system: System | null } {
  const normal = normalizeUnit(unit);
  return { unit: normal, ...(SIZED.get(normal) ?? { family: "count", size: UNITS_EACH.get(normal) ?? 1, system: null }) };
}

export function unitFamily(unit: string): UnitFamily {
  return unitInfo(unit).family;
}

/** Whether a unit is metric or US customary; null for counts. */
export function unitSystem(unit: string): System | null {
  return unitInfo(unit).system;
}

/**
 * Amounts with one measure key add up: "mass", "volume", or a count unit of its own ("count:units",
 * "count:clove"), since 2 cloves and 3 units of garlic are not the same things counted; a dozen is units.
 */
export function measureKey(unit: string): string {
  const info = unitInfo(unit);
  if (info.family !== "count") return info.family;
  return `count:${UNITS_EACH.has(info.unit) ? "units" : info.unit}`;
}

/** `value` in `from` as an amount in `to`; null when they do not convert (another family, or another count unit). */
export function convertQuantity(value: number, from: string, to: string): number | null {
  const [a, b] = [unitInfo(from), unitInfo(to)];
  if (a.family === "count" || b.family === "count") {
    if (a.unit === b.unit) return value;
    return UNITS_EACH.has(a.unit) && UNITS_EACH.has(b.unit) ? (value * a.size) / b.size : null;
  }
  return a.family === b.family ? (value * a.size) / b.size : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** An amount as a shop sells it: to 2 decimals, and a count up to a whole one (half an onion is one onion). */
export function roundQuantity(quantity: number, unit: string): number {
  return unitFamily(unit) === "count" ? Math.ceil(round2(quantity)) : round2(quantity);
}

/** How near a measure an amount may be to read as it: a typed 0.33 cup is 1/3, three imported 0.333 cups are 1 cup. */
const NEAR = 0.005;

/** At least one of the unit (999 g is not a kilogram), or a measuring cup's amount. */
export function readsWell(value: number, unit: string): boolean {
  if (SIZED.get(unit)?.system === "metric") return value >= 1 - 1e-9;
  return value >= 1 - NEAR || (unit === "cups" && CUP_MEASURES.some((m) => Math.abs(value - m) < NEAR));
}

function isPlural(spelling: string): boolean {
  return normalizeUnit(spelling) !== spelling;
}

/**
 * Amounts of one measure key added up and rounded (see roundQuantity), in the unit that reads best. Mass and
 * volume keep to the system they were written in, metric when they mix, and take the largest unit they fill:
 * 1500 g is 1.5 kg, 48 tsp 1 cup, 3 tsp 1 tbsp, 20 oz 1.25 lbs, 1 qt and 2 cups 1.5 qt (pints, quarts and gallons
 * only when a part was written in them); under a cup only what a measuring cup holds stays in cups (1/4 cup does,
 * 6 tbsp does not). A counted word keeps a spelling as written, plural when it fits the sum.
 */
export function addQuantities(parts: Measured[]): Measured {
  const first = unitInfo(parts[0]?.unit ?? "");
  if (first.family === "count") {
    // A dozen and 2 units are 14 units; dozens alone stay dozens.
    if (parts.some((p) => normalizeUnit(p.unit) !== first.unit)) {
      return { quantity: roundQuantity(sum(parts.map((p) => p.quantity * unitInfo(p.unit).size)), "units"), unit: "units" };
    }
    const quantity = roundQuantity(sum(parts.map((p) => p.quantity)), first.unit);
    const spellings = parts.map((p) => clean(p.unit).toLowerCase());
    const unit = first.unit === "units" ? first.unit : (spellings.find((s) => isPlural(s) === (quantity !== 1)) ?? first.unit);
    return { quantity, unit };
  }
  const infos = parts.map((p) => unitInfo(p.unit));
  const base = sum(parts.map((p, i) => p.quantity * infos[i]!.size));
  const sizeOf = (u: string) => SIZED.get(u)!.size;
  const largest = Math.max(...infos.map((i) => i.size));
  const ladder = LADDERS[infos.some((i) => i.system === "metric") ? "metric" : "us"][first.family].filter(
    (u) => !ONLY_AS_WRITTEN.has(u) || sizeOf(u) <= largest,
  );
  // Rounded as the smallest unit would show it, so 999.999 g is 1 kg rather than 1000 g.
  const smallest = ladder.at(-1)!;
  const total = round2(base / sizeOf(smallest)) * sizeOf(smallest);
  const unit = ladder.find((u) => readsWell(total / sizeOf(u), u)) ?? smallest;
  return { quantity: round2(total / sizeOf(unit)), unit };
}
