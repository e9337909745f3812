import { collapseSpace, decodeEntities } from "../text";
import { findFirst, isUnread, leadingLines, linesOf, textOf, walk, type HtmlElement, type HtmlNode } from "./html-tree";

// A row's parts: at most a few short blocks, one of them an amount with its unit ("1 kilogram", "800 g, festkochend"),
// or a short part with a number, the amount in a cell of its own ("4", "1 dl", "500g前後", "大さじ1").
const MAX_ROW_PARTS = 4;
const MAX_ROW_LENGTH = 150;
const AMOUNT_PART = /^(?:\d+(?:[.,/]\d+)?|[½⅓⅔¼¾⅛⅜⅝⅞])\s*\p{L}/u;
const MAX_AMOUNT_CELL = 20;
const HAS_NUMBER = /\d|[½⅓⅔¼¾⅛⅜⅝⅞]/;
const isAmount = (part: string) => AMOUNT_PART.test(part) || (part.length <= MAX_AMOUNT_CELL && HAS_NUMBER.test(part));
// Elements looked at for rows in one container.
const MAX_ROW_SEARCH = 2_000;

/**
 * The rows of a list laid out as a table without table markup: three or more sibling elements of the same tag and
 * class, each two to four short blocks side by side (the ingredient's name, its amount), one of them an amount; a
 * quarter of them at most one block alone (an ingredient without an amount: "Salz"). A person reads each row as one
 * line, as a table's row.
 */
export function rowsIn(elements: HtmlElement[]): Set<HtmlElement> {
  const rows = new Set<HtmlElement>();
  const addRows = (siblings: HtmlNode[]) => {
    const groups = new Map<string, HtmlElement[]>();
    for (const sibling of siblings) {
      if (typeof sibling === "string" || isUnread(sibling)) continue;
      const key = `${sibling.name}.${sibling.attrs.get("class") ?? ""}`;
      const group = groups.get(key);
      if (group) group.push(sibling);
      else groups.set(key, [sibling]);
    }
    for (const group of groups.values()) {
      if (group.length < 3) continue;
      const kinds = group.map(rowKind);
      const count = kinds.filter((kind) => kind === "row").length;
      if (kinds.includes("other") || 4 * count < 3 * group.length) continue;
      group.forEach((row, k) => kinds[k] === "row" && rows.add(row));
    }
  };
  addRows(elements);
  let looked = 0;
  for (const element of elements) {
    walk(element, (el) => {
      if (looked++ >= MAX_ROW_SEARCH || rows.has(el) || (el !== element && isUnread(el))) return false;
      addRows(el.children);
    });
  }
  return rows;
}

/** A row of a few short blocks, one of them an amount; a line of one block; or anything else. */
function rowKind(el: HtmlElement): "row" | "line" | "other" {
  const parts = leadingLines(el, MAX_ROW_LENGTH + 50);
  if (parts.length === 1) return "line";
  const row =
    parts.length >= 2 &&
    parts.length <= MAX_ROW_PARTS &&
    parts.join(" ").length <= MAX_ROW_LENGTH &&
    parts.some(isAmount) &&
    !findFirst(el, (inner) => inner.name === "li");
  return row ? "row" : "other";
}

/** Reads an element's lines with each of `rows` on one line. */
export function linesWithRows(rows: Set<HtmlElement>): (element: HtmlElement) => string[] {
  // What holds a row is read child by child; what holds none, by its blocks as usual.
  const holdsRow = new Set<HtmlElement>();
  for (const row of rows) for (let up = row.parent; up && !holdsRow.has(up); up = up.parent) holdsRow.add(up);
  const read = (el: HtmlElement, lines: string[]): string[] => {
    if (rows.has(el)) lines.push(textOf(el));
    else if (!holdsRow.has(el)) for (const line of linesOf(el)) lines.push(line);
    else {
      for (const child of el.children) {
        const text = typeof child === "string" ? collapseSpace(decodeEntities(child)) : "";
        if (typeof child !== "string" && !isUnread(child)) read(child, lines);
        else if (text !== "") lines.push(text);
      }
    }
    return lines;
  };
  return (element) => read(element, []);
}
