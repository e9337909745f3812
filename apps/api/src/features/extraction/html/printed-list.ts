/**
 * The list a page prints in place of its structured data's where the data leaves something out and the page's list
 * says all the data says: items the data lacks, the amounts of items it names without any, or the items of groups it
 * only names. A printed list that words the data's lines otherwise (notes without their parentheses, other amounts,
 * spaced or capitalised otherwise) is not taken: preferring it lowered the held-out pages (decision 0040).
 */

// More is no ingredient list, and bounds the work on a hostile page.
const MAX_LINES = 150;
// One line more is as often a servings line or a tool ("900g loaf tin") as an ingredient the data left out.
const MIN_ADDED = 2;
const AMOUNT = /^(?:\d|[½⅓⅔¼¾⅕⅙⅛⅜⅝⅞])/;
const DIGIT = /\d|[½⅓⅔¼¾⅕⅙⅛⅜⅝⅞]/;

const bare = (line: string) => line.replace(/\s+/g, "").toLowerCase();

/** The printed list where it holds more than the data (see fullerList, amountsAdded, groupNamesOnly); undefined otherwise. */
export function printedInPlace(data: string[], printed: string[]): string[] | undefined {
  if (data.length === 0 || data.length > MAX_LINES || printed.length > MAX_LINES) return undefined;
  return fullerList(data, printed) ?? amountsAdded(data, printed) ?? groupNamesOnly(data, printed);
}

/**
 * Items the data leaves out: the printed lines from the data's first to the list's end, when they hold every data line
 * (spacing and letter case aside) in order, and the lines between and after are at least two, each opening with an
 * amount ("350ml whole milk").
 */
function fullerList(data: string[], printed: string[]): string[] | undefined {
  const wanted = data.map(bare);
  const start = printed.findIndex((line) => bare(line) === wanted[0]);
  if (start === -1) return undefined;
  const kept = printed.slice(start);
  let matched = 0;
  let added = 0;
  for (const line of kept) {
    if (matched < wanted.length && bare(line) === wanted[matched]) matched++;
    else if (AMOUNT.test(line)) added++;
    else return undefined;
  }
  return matched === wanted.length && added >= MIN_ADDED ? kept : undefined;
}

/**
 * Amounts the data leaves out ("gin" printed "16 cl gin, Beefeater", "ziemniaki" printed "ziemniaki 1 kilogram"): as
 * many printed lines as the data has, each holding its data line, where more than half of the data's lines have no
 * amount and their printed lines do.
 */
function amountsAdded(data: string[], printed: string[]): string[] | undefined {
  if (data.length < 2) return undefined;
  const wanted = data.map(bare);
  const first = wanted[0] ?? "";
  const start = first === "" ? -1 : printed.findIndex((line) => bare(line).includes(first));
  if (start === -1) return undefined;
  const kept = printed.slice(start, start + data.length);
  if (kept.length !== data.length || !kept.every((line, i) => bare(line).includes(wanted[i] ?? ""))) return undefined;
  const gained = data.filter((line, i) => !DIGIT.test(line) && DIGIT.test(kept[i] ?? "")).length;
  return 2 * gained > data.length ? kept : undefined;
}

/**
 * A data list of its groups' names only ("Décor", "Ganache au chocolat" where the page prints each group's items): no
 * line with an amount and none of them in the printed lines, which are at least twice as many, most of them opening
 * with an amount.
 */
function groupNamesOnly(data: string[], printed: string[]): string[] | undefined {
  if (data.some((line) => DIGIT.test(line)) || printed.length < 2 * data.length) return undefined;
  if (2 * printed.filter((line) => AMOUNT.test(line)).length <= printed.length) return undefined;
  const lines = printed.map(bare);
  return data.every((line) => !lines.some((printedLine) => printedLine.includes(bare(line)))) ? printed : undefined;
}
