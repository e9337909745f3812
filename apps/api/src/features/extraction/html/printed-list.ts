/**
 * The list a page prints where its structured data leaves items out: the printed list holds every line of the data,
 * each as written and in the same order, and more lines that each open with an amount ("350ml whole milk") where the
 * data has fewer. What the data says is kept as written; only the items it lacks are added from the page (decision
 * 0040: printed lists that word the data's lines otherwise lowered the held-out pages and are not taken).
 */

// More is no ingredient list, and bounds the work on a hostile page.
const MAX_LINES = 150;
// One line more is as often a servings line or a tool ("900g loaf tin") as an ingredient the data left out.
const MIN_ADDED = 2;
const AMOUNT = /^(?:\d|[½⅓⅔¼¾⅕⅙⅛⅜⅝⅞])/;

const bare = (line: string) => line.replace(/\s+/g, "").toLowerCase();

/**
 * The printed lines from the one that is the data's first to the list's end, when they hold every data line (spacing
 * and letter case aside) in order, and the lines between and after are at least two, each opening with an amount.
 * Undefined otherwise.
 */
export function fullerPrintedList(data: string[], printed: string[]): string[] | undefined {
  if (data.length === 0 || data.length > MAX_LINES || printed.length > MAX_LINES) return undefined;
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
