import { type RecipeDraft } from "../recipe-draft";
import { minutesFrom, servingsFrom } from "../recipe-fields";
import { isUnread, leadingLines, linesOf, walk, type HtmlElement } from "./html-tree";

export const SERVINGS_WORDS =
  "serves|servings?|yields?|makes|portions?|personen|portionen|porties|personer|adag|porcj[aei]|porzioni|porciones|raciones|personnes|persone|personas|pessoas|porções";
// The label may run into its count where the page sets them apart by style alone ("Servings8 servings", "Serves12");
// the value opens with its count, after "per ...:" or a word for "about" ("Servings per recipe: 4", "Makes about 24"),
// or after a second servings word under a yield label ("Yields Serves 10 to 12", "Yield: makes about 10 pancakes"),
// and "Serving size: 700 g" is no label of the servings.
const SERVINGS_LABEL = new RegExp(
  `^(?:${SERVINGS_WORDS})(?!\\p{L})(?!\\s*size\\b)\\s*:?\\s*(?:(?:${SERVINGS_WORDS})(?!\\p{L})\\s*:?\\s*)?((?:per\\s[\\p{L}\\s]{1,20}:\\s*)?(?:about|approx\\.?|approximately|around|ca\\.?|~)?\\s*\\d.*)$`,
  "iu",
);
// The count before the word, after "for" in a few languages, a label closed by a colon or nothing ("Pour 2 personnes :",
// "Für 4 Portionen", "Recept voor: 2 personen", "6 servings").
const SERVINGS_COUNT = new RegExp(
  `^(?:(?:for|pour|für|para|per|voor|til|för)\\s+|[^\\d:]{1,20}:\\s*)?(\\d+(?:\\s*[-–/]\\s*\\d+)?)\\s*(?:${SERVINGS_WORDS})\\b[^\\d]{0,20}$`,
  "iu",
);
// A label alone on its line over a bare count ("Servings" over "12", "serves" over "2-3"): a card's stats set in two
// rows. Not over a count with another word: a servings control's label stands over the first ingredient ("1 Brokkoli").
const SERVINGS_ALONE = new RegExp(`^(?:${SERVINGS_WORDS})\\s*:?$`, "iu");
const COUNT_LINE = new RegExp(`^\\d+(?:\\s*[-–]\\s*\\d+)?(?:\\s*(?:${SERVINGS_WORDS}))?$`, "iu");
// An icon standing for the label, in its alternative text ("number of servings", "ilość porcji").
const SERVINGS_ICON = new RegExp(`(?:^|\\s)(?:${SERVINGS_WORDS})(?:$|\\s)`, "i");
// Icons looked at for the servings: a page's stats have a handful, a gallery many more.
const MAX_ICONS = 50;

/** Servings and times the page states in short lines ("Serves: 4", "Prep time | 15 minutes"), or beside an icon. */
export function factsOf(region: HtmlElement): Pick<RecipeDraft, "servings" | "prepTime" | "cookTime" | "totalTime"> {
  const lines = linesOf(region);
  const facts = lines.filter((line) => line.length < 80);
  return {
    servings:
      servingsFrom(fact(facts, SERVINGS_LABEL) ?? fact(facts, SERVINGS_COUNT) ?? countUnderLabel(lines)) ?? servingsBesideIcon(region),
    prepTime: minutesFrom(fact(facts, /^prep(?:aration)?(?: time)?\s*[:|]?\s*(.+)$/i)),
    cookTime: minutesFrom(fact(facts, /^cook(?:ing)?(?: time)?\s*[:|]?\s*(.+)$/i)),
    totalTime: minutesFrom(fact(facts, /^total(?: time)?\s*[:|]?\s*(.+)$/i)),
  };
}

/**
 * What an icon says it stands for: an image's alternative text, or the class of an icon font's empty span or i
 * ("gbcicon-serves" read "gbcicon serves").
 */
function iconNames(el: HtmlElement): string | undefined {
  if (el.name === "img") return el.attrs.get("alt") ?? "";
  const fontIcon = (el.name === "span" || el.name === "i") && el.children.length === 0;
  const classes = el.attrs.get("class");
  return fontIcon && classes !== undefined ? classes.replace(/[-_]/g, " ") : undefined;
}

/** The count printed next to an icon that names the servings: "[icon: servings] 8 people". */
function servingsBesideIcon(region: HtmlElement): number | null {
  let servings: number | null = null;
  let icons = 0;
  walk(region, (el) => {
    if (servings !== null || icons >= MAX_ICONS || isUnread(el)) return false;
    const names = iconNames(el);
    if (names === undefined) return;
    icons++;
    if (!SERVINGS_ICON.test(names)) return;
    // The smallest element around the icon that has text: the icon's label and its value.
    let box = el.parent;
    for (let climbs = 0; box && climbs < 3 && leadingLines(box, 1).length === 0; climbs++) box = box.parent;
    const text = box ? leadingLines(box, 40).join(" ") : "";
    if (text.length < 40 && /^\d/.test(text)) servings = servingsFrom(text);
  });
  return servings;
}

/** The bare count on the line under a servings label standing alone ("Servings" over "12"). */
function countUnderLabel(lines: string[]): string | undefined {
  const label = lines.findIndex((line, i) => SERVINGS_ALONE.test(line) && COUNT_LINE.test(lines[i + 1] ?? ""));
  return label === -1 ? undefined : lines[label + 1];
}

function fact(lines: string[], pattern: RegExp): string | undefined {
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match?.[1] && /\d/.test(match[1])) return match[1];
  }
  return undefined;
}
