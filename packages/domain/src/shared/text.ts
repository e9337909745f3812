import { z } from "zod";

// PostgreSQL's text refuses NUL outright (a 500 if it gets that far), and jsonb refuses NUL and lone
// UTF-16 surrogates alike (JSON.stringify writes them as \u escapes). In a text column the driver
// silently swaps a lone surrogate for U+FFFD, so refusing it too keeps what we save equal to what was sent.
// With the u flag a well-formed surrogate pair is one code point and does not match the class.
const UNSTORABLE = /[\0\uD800-\uDFFF]/u;

/**
 * A string field PostgreSQL can store, in text and in jsonb. Every string in an input schema starts
 * here; `label` names the field in messages ("Name is required", "Name must be text",
 * "Name contains a character that can't be saved"). Checks chained after it still run (so it works
 * inside a union), but this one comes first, so its message is the first issue.
 */
export function storableText(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .refine((value) => !UNSTORABLE.test(value), `${label} contains a character that can't be saved`);
}

/**
 * `value` with what PostgreSQL can't store swapped for U+FFFD: for text kept from elsewhere as it came (an Open Food
 * Facts answer) or quoted from a refused input (a row's name).
 */
export function storable(value: string): string {
  return value.replace(new RegExp(UNSTORABLE.source, "gu"), "\uFFFD");
}

/** How much of a name an import's summary quotes: enough to find the row, never the megabyte a file may hold. */
export const EXCERPT_CHARACTERS = 200;

/**
 * `value` as text quoted back to a person (a refused row's name in an import's summary): storable, and at most `max`
 * characters, cut with "…" where it was longer. A surrogate pair is never cut in two; an excerpt's excerpt is itself.
 */
export function excerpt(value: string, max = EXCERPT_CHARACTERS): string {
  if (value.length <= max) return storable(value);
  let end = max - 1;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${storable(value.slice(0, end))}…`;
}

// Control characters (line breaks, tabs, BEL, ESC, C1) have no place in a one-line name: in a mail's subject a line
// break starts a header, on screen the others show as nothing or as boxes. The line and paragraph separators (U+2028,
// U+2029) are line breaks too, and the bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) reorder
// the text after them: a name could turn the rest of an invitation's subject around. Direction marks (U+200E, U+200F,
// U+061C) stay: they only steer the punctuation beside them, as a name mixing scripts may need.
const BIDI_CONTROLS = String.raw`\u202A-\u202E\u2066-\u2069`;
const CONTROL = new RegExp(String.raw`[\p{Cc}\u2028\u2029${BIDI_CONTROLS}]`, "u");
// What shows on screen: a letter, digit, mark of punctuation or symbol. Zero-width and direction marks, soft hyphens
// and joiners alone are a name nobody can see or pick out of a list.
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * A one-line name a person types (a person's, an ingredient's): storable text without control characters, and
 * without anything shown when it holds no visible character, so such a name counts as blank ("Name is required").
 */
export function nameText(label: string) {
  return storableText(label)
    .refine((value) => !CONTROL.test(value), `${label} can't contain line breaks or other control characters`)
    .overwrite((value) => (VISIBLE.test(value) ? value : ""));
}

// The bidi embeddings, overrides and isolates of CONTROL: text of several lines keeps its line breaks and tabs.
const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROLS}]`, "u");

/**
 * Text of several lines a person types (a bug report's description): storable text without the bidi controls that
 * turn what follows them around, and blank when it holds no visible character, as names are.
 */
export function paragraphText(label: string) {
  return storableText(label)
    .refine((value) => !BIDI_CONTROL.test(value), `${label} can't contain text direction controls`)
    .overwrite((value) => (VISIBLE.test(value) ? value : ""));
}
