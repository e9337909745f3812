/** Text clean-up shared by every source: entities, tags, whitespace, and characters the database refuses. */

// Latin-1's named entities in code point order from U+00A0, so the table stays one line.
const LATIN1 = (
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot " +
  "cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml " +
  "Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig " +
  "agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute " +
  "ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml"
).split(" ");

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  OElig: "Œ",
  oelig: "œ",
  Scaron: "Š",
  scaron: "š",
  Yuml: "Ÿ",
  fnof: "ƒ",
  circ: "ˆ",
  tilde: "˜",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  zwnj: "",
  zwj: "",
  lrm: "",
  rlm: "",
  hyphen: "‐",
  dash: "‐",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  dagger: "†",
  Dagger: "‡",
  bull: "•",
  hellip: "…",
  permil: "‰",
  prime: "′",
  Prime: "″",
  lsaquo: "‹",
  rsaquo: "›",
  frasl: "⁄",
  euro: "€",
  trade: "™",
  minus: "−",
  half: "½",
  frac13: "⅓",
  frac23: "⅔",
  frac15: "⅕",
  frac25: "⅖",
  frac35: "⅗",
  frac45: "⅘",
  frac16: "⅙",
  frac56: "⅚",
  frac18: "⅛",
  frac38: "⅜",
  frac58: "⅝",
  frac78: "⅞",
  rarr: "→",
  larr: "←",
  check: "✓",
  star: "☆",
  starf: "★",
};
LATIN1.forEach((name, i) => (NAMED[name] = String.fromCharCode(0xa0 + i)));

// Browsers read &#128; to &#159; as Windows-1252, which is what the page's author meant (&#146; is a quote).
const WINDOWS_1252 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g;

function fromCodePoint(code: number): string {
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252[code - 0x80] ?? "\uFFFD";
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(code);
}

/** Decodes character references once, as a browser does; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    return (name && Object.hasOwn(NAMED, name) ? NAMED[name] : undefined) ?? whole;
  });
}

// A character reference closed by its semicolon: a number, or a name.
const WELL_FORMED = /&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;
const hasEntity = (text: string) => [...text.matchAll(WELL_FORMED)].some(([, name]) => name === undefined || Object.hasOwn(NAMED, name));
// How many layers of encoding beyond the first a data string may have undone: pages encode twice, rarely three times.
const EXTRA_LAYERS = 2;

/**
 * Data text that is never rendered as HTML (JSON-LD strings) with the layers of encoding beyond the first undone:
 * "350&amp;#176;F" becomes "350&#176;F", decoded then as any text is. A layer is undone only while decoding it leaves
 * a well-formed reference ("&#176;", "&atilde;", "&amp;"), at most twice.
 */
export function unwrapEncodedEntities(text: string): string {
  let current = text;
  for (let layer = 0; layer < EXTRA_LAYERS && current.includes("&"); layer++) {
    const decoded = decodeEntities(current);
    if (!hasEntity(decoded)) break;
    current = decoded;
  }
  return current;
}

// NUL and lone surrogates can't be stored (see @kim/domain storableText); zero-width spaces and soft hyphens only hide.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u200B\u00AD\uFEFF]/g;
// A no-break space's UTF-8 bytes read as Latin-1 by the page's CMS ("1Â cup"): no word ends in Â before one.
const MISREAD_NBSP = /\u00C2\u00A0/g;
const TAG = /<\/?[a-zA-Z][^<>]*>|<!--[\s\S]*?-->/g;
const BLOCK_BREAK = /<br\s*\/?>|<\/?(?:p|div|li|ol|ul|h[1-6]|tr|section|article|blockquote)\b[^<>]*>/gi;

/**
 * One line of text: entities decoded, then markup left out (a block's edge as a space; some pages encode their
 * markup twice), every run of whitespace one space.
 */
export function cleanText(text: string): string {
  return tidy(decodeEntities(text));
}

function tidy(decoded: string): string {
  return collapseSpace(decoded.includes("<") ? decoded.replace(BLOCK_BREAK, " ").replace(TAG, "") : decoded);
}

// The lead byte of a Latin-1 letter's UTF-8 read as Latin-1, before a continuation byte read so ("Â¼" for "¼", "Ã£"
// for "ã"). Other letters before such a byte are more likely text as written: French sets a no-break space after
// "SUCRÉ" before its colon, which read as UTF-8 would be "ɠ".
const MISREAD_UTF8 = /[\u00C2\u00C3][\u0080-\u00BF]/;
const WRITTEN_SO = /[\u00C4-\u00F4][\u0080-\u00BF]/;
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Text whose UTF-8 bytes were read as Latin-1 by the page's CMS ("1Â¼ cups", "purÃª"), read as UTF-8: only where
 * every character is a Latin-1 one and the whole text then decodes cleanly, so a text in Latin-1 letters stays.
 */
export function repairMisreadUtf8(text: string): string {
  if (!MISREAD_UTF8.test(text) || WRITTEN_SO.test(text) || /[^\t-\u00FF]/.test(text)) return text;
  try {
    return UTF8.decode(Buffer.from(text, "latin1"));
  } catch {
    return text;
  }
}

/** Text already decoded, made one line: characters that can't be stored left out, every run of whitespace one space. */
export function collapseSpace(text: string): string {
  return repairMisreadUtf8(text).replace(UNSTORABLE, "").replace(MISREAD_NBSP, " ").replace(/\s+/g, " ").trim();
}

/** Lines of a text that may hold markup (a step list written as HTML, or text with line breaks), each cleaned. */
export function cleanLines(text: string): string[] {
  return rawLines(text)
    .map(tidy)
    .filter((line) => line !== "");
}

// A line that is one bold run without a digit: a group heading in a list written as HTML ("<b>SAUCE</b><br>...").
const BOLD_LINE = /^\s*<(b|strong)\b[^<>]*>[^<\d]*<\/\1>\s*$/i;

/** The lines of an ingredient list that may hold markup, as cleanLines, leaving out its bold group headings. */
export function cleanListLines(text: string): string[] {
  return rawLines(text)
    .filter((line) => !BOLD_LINE.test(line))
    .map(tidy)
    .filter((line) => line !== "");
}

const rawLines = (text: string) =>
  decodeEntities(text)
    .replace(BLOCK_BREAK, "\n")
    .split(/\r?\n|\r/);

/** Cuts text to `max` characters, at a word boundary when one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}
