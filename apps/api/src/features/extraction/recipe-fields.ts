import { RECIPE_LIMITS, type Cuisine, type Difficulty } from "@kim/domain";
import { cleanText } from "./text";

/** Readings of recipe fields that every source shares: times, yields, cuisine, difficulty, image addresses. */

const N = "(\\d+(?:[.,]\\d+)?)";
const ISO_DURATION = new RegExp(`^P(?:${N}Y)?(?:${N}M)?(?:${N}W)?(?:${N}D)?(?:T(?:${N}H)?(?:${N}M)?(?:${N}S)?)?$`, "i");
const number = (text: string | undefined) => (text ? Number(text.replace(",", ".")) : 0);
const VULGAR: Record<string, number> = { "½": 0.5, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 0.25, "¾": 0.75 };
// An amount in words' times: "1 1/2", "1½", "1/2", "1.5", "90".
const AMOUNT = "(\\d+\\s+\\d\\/\\d|\\d*[½⅓⅔¼¾]|\\d+\\/\\d+|\\d+(?:[.,]\\d+)?)";

function amount(text: string): number {
  const [whole = "0", fraction] = text.trim().split(/\s+|(?=[½⅓⅔¼¾])/);
  const part = (t: string) => VULGAR[t] ?? (t.includes("/") ? number(t.split("/")[0]) / number(t.split("/")[1]) : number(t));
  return fraction === undefined ? part(whole) : part(whole) + part(fraction);
}

/**
 * Whole minutes from an ISO 8601 duration (PT1H30M, P0DT0H20M, PT90M), a number of minutes, or words ("1 hour 20
 * mins", "10-15 minutes" reads the longer end). Null when there is no time, or more than the form takes (a week):
 * such a value is a mistake on the page more often than a real time.
 */
export function minutesFrom(value: unknown): number | null {
  const minutes = rawMinutes(value);
  return minutes === null || !Number.isFinite(minutes) || minutes < 0 || minutes > RECIPE_LIMITS.minutes ? null : Math.ceil(minutes);
}

function rawMinutes(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return rawMinutes(value[0]);
  if (typeof value === "object" && value !== null) {
    const range = value as Record<string, unknown>;
    return rawMinutes(range.maxValue ?? range.value ?? range.minValue);
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text === "") return null;
  const iso = ISO_DURATION.exec(text.replace(/\s+/g, ""));
  if (iso) {
    const [, years, months, weeks, days, hours, mins, secs] = iso;
    if (!years && !months && !weeks && !days && !hours && !mins && !secs) return null;
    const date = number(years) * 525_600 + number(months) * 43_800 + number(weeks) * 10_080 + number(days) * 1440;
    return date + number(hours) * 60 + number(mins) + number(secs) / 60;
  }
  return minutesFromWords(text);
}

// Built once: matchAll works on a copy of each, so their positions are never shared between calls.
const TIME_UNITS: [RegExp, number][] = [
  [new RegExp(`${AMOUNT}\\s*(?:days?|d)(?![a-z])`, "gi"), 1440],
  [new RegExp(`${AMOUNT}\\s*(?:hours?|hrs?|h|std|stunden?|uur|timer?|tim)(?![a-z])`, "gi"), 60],
  // Minute words of the languages the readers know (Hungarian "45 perc", Spanish "30 minutos", Japanese "20分").
  [new RegExp(`${AMOUNT}\\s*(?:minutes?|mins?|m|minuten?|minutos?|minuti|minuter|minutter|minuty?|perc|分)(?![a-z])`, "gi"), 1],
];

function minutesFromWords(text: string): number | null {
  const longerEnd = text
    .replace(/\d+(?:[.,]\d+)?\s*(?:-|–|to)\s*(?=\d)/gi, "")
    .replace(/(\d)\s*h\s*(\d{1,2})(?![\d.,/]|\s*[a-z])/gi, "$1 h $2 min");
  let total = 0;
  let found = false;
  for (const [pattern, factor] of TIME_UNITS) {
    for (const match of longerEnd.matchAll(pattern)) {
      total += amount(match[1] ?? "0") * factor;
      found = true;
    }
  }
  if (found) return total;
  const bare = /^\d+$/.exec(longerEnd.trim());
  return bare ? Number(bare[0]) : null;
}

// A yield's count, or a range's upper end where the range is written "6-8" or "4 to 6": a spaced dash ("8 - 10") or
// another language's word for "to" kept the first number as it is, since reading those too lowered the held-out
// pages (decision 0040).
const YIELD_COUNT = /(\d+(?:[.,]\d+)?)(?:(?:-|\s+to\s+)(\d+(?:[.,]\d+)?))?/i;

/**
 * Servings from a yield: the first count of the first entry that has one, a range read at its upper end ("Serves 4-6"
 * is 6, "12 cookies" is 12, ["4", "4 servings"] is 4). Null when it is not in 1..1000: a yield of "500 g" is no count
 * of servings.
 */
export function servingsFrom(value: unknown): number | null {
  const entries = Array.isArray(value) ? value : [value];
  for (const item of entries) {
    // A QuantitativeValue: {"value": 6, "unitCode": "IE"}.
    const entry =
      typeof item === "object" && item !== null
        ? ((item as Record<string, unknown>).value ?? (item as Record<string, unknown>).maxValue)
        : item;
    const text = typeof entry === "number" ? String(entry) : typeof entry === "string" ? cleanText(entry) : "";
    const match = YIELD_COUNT.exec(text);
    if (!match) continue;
    const servings = Math.round(number(match[2] ?? match[1]));
    return servings >= 1 && servings <= RECIPE_LIMITS.servings ? servings : null;
  }
  return null;
}

// The words of a cuisine that put it in one of the form's groups; checked in order, first match wins.
const CUISINE_WORDS: [Cuisine, RegExp][] = [
  ["Mexican", /mexic|tex-?mex|yucat|oaxac/],
  ["Italian", /ital|sicil|tuscan|napol|neapolitan|roman\b|venet|sardin|ligur/],
  ["French", /fren|fran[cç]|provenc|proven[cç]|pari?si|breton|alsac|normand|lyonn/],
  [
    "Indian",
    /india|indisch|indien|punjab|bengal|gujarat|keral|tamil|goan|kashmir|hyderabad|mughlai|pakistan|bangladesh|sri lank|nepal|desi\b/,
  ],
  [
    "Asian",
    /asia|chin|japan|thai|korea|vietnam|cantones|sichuan|szechuan|hunan|taiwan|filipin|philippin|indones|malay|singapor|burm|cambod|khmer|lao|mongol|tibet|hong kong|fusion asian/,
  ],
  [
    "Mediterranean",
    /mediterr|greek|greec|griech|spani|spain|spanisch|catalan|basque|andalus|portug|middle east|mid-east|levant|lebanes|syria|turk|israel|jewish|palestin|jordan|persian|iran|egypt|moroc|tunisi|algeri|north african|cypr|arab|balkan|croat|maltese|armenia/,
  ],
  ["American", /americ|usa|u\.s\.|southern|cajun|creole|soul food|tex\b|new england|californ|hawai|bbq|barbecue|canad|north american/],
];

/** The first of the page's cuisines that falls in one of the form's groups, else Other. */
export function cuisineFrom(values: string[]): Cuisine {
  for (const value of values) {
    const text = value.toLowerCase();
    const match = CUISINE_WORDS.find(([, words]) => words.test(text));
    if (match) return match[0];
  }
  return "Other";
}

/** A stated difficulty, read loosely ("easy", "Beginner", "Moderate", "Challenging"); Medium when none is stated. */
export function difficultyFrom(value: string | undefined): Difficulty {
  const text = value?.toLowerCase() ?? "";
  if (/easy|simple|beginner|einfach|facile|fácil|facil|makkelijk|enkel|let\b/.test(text)) return "Easy";
  if (/hard|difficult|advanced|challenging|expert|schwer|difficile|difícil|moeilijk|svår|sv[æa]r/.test(text)) return "Hard";
  return "Medium";
}

/**
 * An image address the form accepts: absolute, https (an http address is asked for over https, as a page served over
 * https would), at most the form's length. Relative addresses are read against the page.
 */
export function imageUrlFrom(value: string | undefined, pageUrl: string): string | null {
  const text = value?.trim();
  if (!text || text.startsWith("data:")) return null;
  let url: URL;
  try {
    url = new URL(text, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol === "http:") url.protocol = "https:";
  if (url.protocol !== "https:") return null;
  const href = url.href;
  return href.length <= RECIPE_LIMITS.imageUrl ? href : null;
}
