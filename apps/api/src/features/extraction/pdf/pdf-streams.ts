import { constants, createInflate } from "node:zlib";

/**
 * What a PDF unpacks to, measured before pdf.js sees it. A few compressed bytes can inflate to gigabytes (a stream of
 * zeros deflates 1000:1, and filters can be stacked), and pdf.js holds what it decodes in typed arrays outside the
 * worker's heap cap; so every stream is decoded here first, counting bytes and dropping them, and a file past a bound
 * is refused before pdf.js reads it. Decoding follows the stream's filters as pdf.js does (names resolved when given
 * by reference), and a stream whose filters cannot be read is measured as if deflated.
 */

const MIB = 1024 * 1024;

export const DECODE_LIMITS = {
  /** A page's content, a form or any other stream: a page of dense text takes well under 1 MB. */
  streamBytes: 16 * MIB,
  /** An embedded font: a full CJK font takes about 20 MB. */
  fontBytes: 32 * MIB,
  /** A picture, as pdf.js holds it (4 bytes a pixel): 24 million pixels, more than a print photo needs. */
  imageBytes: 96 * MIB,
  /**
   * What one page draws, counted over every stream it reaches (its content, forms, fonts and pictures): pdf.js holds
   * them together while it reads the page. Two of the largest pictures.
   */
  pageBytes: 192 * MIB,
  /** The whole file. */
  fileBytes: 512 * MIB,
};

/**
 * What the CMaps a file embeds (a font's /ToUnicode or /Encoding) map: pdf.js fills an entry for every code of every
 * range a CMap names, so 64 lines naming 16 million codes each take gigabytes of the worker's heap and all of its time.
 * A font has at most 65,536 codes (two bytes); a file of many fonts, each mapping only the codes it uses, stays far below
 * the file's bound.
 */
export const CMAP_LIMITS = {
  /** Codes one CMap maps, over all its ranges and single codes. */
  codesPerCMap: 65_536,
  /** Codes all the file's CMaps map together: fifteen full two-byte fonts. */
  codesPerFile: 1_000_000,
};

export type CMapLimits = typeof CMAP_LIMITS;

// Objects looked at while finding what each page reaches, over the whole file: a real file's pages reach a few dozen
// each; a file built to make the walk slow is refused.
const MAX_WALK = 1_000_000;

export type DecodeLimits = typeof DECODE_LIMITS;

/**
 * Which bound a file passes ("stream": one of its streams', "page": one page's, "file": the file's, "cmap": the codes its
 * CMaps map), or null within them.
 */
export async function pastDecodeLimits(
  bytes: Uint8Array,
  limits: DecodeLimits = DECODE_LIMITS,
  cmapLimits: CMapLimits = CMAP_LIMITS,
): Promise<"stream" | "page" | "file" | "cmap" | null> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const objects = new PdfObjects(pdf.toString("latin1"));
  const { text } = objects;
  // What each stream decodes to, by the object that holds it, for the pages' sums.
  const sizes = new Map<string, number>();
  let total = 0;
  let codes = 0;
  // Where the last stream's data ended: a dictionary starts after it. Every search below runs forward from here or
  // back over whitespace only, so a file of a million "stream" words is read once, not once for each.
  let previousEnd = 0;
  let at = text.indexOf("stream");
  while (at !== -1) {
    const next = (from: number) => text.indexOf("stream", from);
    const dictEnd = dictionaryEndBefore(text, at);
    // A stream keyword follows its dictionary's ">>" (whitespace between); "endstream" and words in text are not one.
    if (text.startsWith("end", at - 3) || dictEnd === -1) {
      at = next(at + 6);
      continue;
    }
    const objAt = objects.objKeywordBefore(dictEnd, previousEnd);
    const dict = text.slice(Math.max(objAt, previousEnd, dictEnd - 64 * 1024, 0), dictEnd + 2);
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = streamEnd(objects, dict, start);
    const kind = kindOf(dict);
    const cap = kind === "image" ? limits.imageBytes : kind === "font" ? limits.fontBytes : limits.streamBytes;
    const decoded = await decode(pdf.subarray(start, end), filtersOf(objects, dict), cap);
    let size = decoded.size;
    if (kind === "image") size = Math.max(size, pixels(objects, dict) * 4);
    if (size > cap) return "stream";
    total += size;
    if (total > limits.fileBytes) return "file";
    // Any stream may be named as a CMap, whatever its dictionary says; one that holds none of the mapping operators maps
    // nothing.
    if (decoded.bytes && CMAP_OPERATORS.some((operator) => decoded.bytes!.includes(operator))) {
      const mapped = cmapCodes(decoded.bytes, cmapLimits.codesPerCMap);
      codes += mapped;
      if (mapped > cmapLimits.codesPerCMap || codes > cmapLimits.codesPerFile) return "cmap";
    }
    const key = objectKeyBefore(text, objAt);
    if (key) {
      sizes.set(key, size);
      if (decoded.bytes && /\/Type\s*\/ObjStm\b/.test(dict)) objects.addPacked(dict, decoded.bytes.toString("latin1"));
    }
    previousEnd = Math.max(end, start);
    at = next(previousEnd);
  }
  return pastPageLimit(objects, sizes, limits.pageBytes) ? "page" : null;
}

/** Where the ">>" just before `at` starts, whitespace between; -1 when something else comes before it. */
function dictionaryEndBefore(text: string, at: number): number {
  let k = at;
  // Whitespace as PDF has it; a run longer than a line's worth is not a dictionary's ending.
  while (k > 0 && at - k < 256 && /[\0\t\n\f\r ]/.test(text[k - 1]!)) k--;
  return k >= 2 && text.startsWith(">>", k - 2) ? k - 2 : -1;
}

/** The "N G" of the object whose "obj" keyword is at `objAt`. */
function objectKeyBefore(text: string, objAt: number): string | null {
  if (objAt === -1) return null;
  const header = /(\d+)\s+(\d+)\s+$/.exec(text.slice(Math.max(0, objAt - 24), objAt));
  return header ? `${header[1]} ${header[2]}` : null;
}

/**
 * Whether a page reaches more decoded bytes than `limit`: the streams found by following every reference from the page
 * (its content, resources, annotations' appearances, and what those refer to), never up to its parent or into another
 * page; resources a page leaves out are its nearest ancestor's, as pdf.js reads them. A stream reached twice counts once.
 */
function pastPageLimit(objects: PdfObjects, sizes: Map<string, number>, limit: number): boolean {
  const pages = objects.pages();
  let walked = 0;
  for (const page of pages) {
    const seen = new Set([page]);
    const pending = [...objects.references(page), ...(objects.hasResources(page) ? [] : objects.inheritedResources(page, 8))];
    walked += 8;
    let total = 0;
    while (pending.length > 0) {
      const key = pending.pop()!;
      if (seen.has(key) || pages.has(key)) continue;
      seen.add(key);
      if (++walked > MAX_WALK) return true;
      total += sizes.get(key) ?? 0;
      if (total > limit) return true;
      pending.push(...objects.references(key));
    }
  }
  return false;
}

type Kind = "image" | "font" | "other";

function kindOf(dict: string): Kind {
  if (/\/Subtype\s*\/Image\b/.test(dict)) return "image";
  if (/\/Length[123]\b|\/Subtype\s*\/(?:Type1C|CIDFontType0C|OpenType)\b/.test(dict)) return "font";
  return "other";
}

const REFERENCE = /(\d+)\s+(\d+)\s+R\b/g;
const PARENT = /\/Parent\s*(\d+)\s+(\d+)\s+R\b/;
const PAGE = /\/Type\s*\/Page(?![A-Za-z])/;
const RESOURCES = /\/Resources(?![\w#])\s*/;
// An object's dictionary is read this far at most: a page's is a few hundred bytes.
const MAX_BODY = 64 * 1024;

/**
 * The file's text and where each object's body starts (found once, on the first reference); and the objects packed in
 * object streams, once those are decoded.
 */
class PdfObjects {
  private starts: Map<string, number> | null = null;
  /** Where each "N G obj" header starts, in file order: an object's body ends at the next one at the latest. */
  private headers: number[] = [];
  /** Where each header's "obj" keyword is, and each "endobj"'s: the places objKeywordBefore looks among. */
  private objKeywords: number[] = [];
  private endobjs: number[] | null = null;
  private readonly packed = new Map<string, string>();
  private readonly referenced = new Map<string, string[]>();

  constructor(readonly text: string) {}

  /** The value of a direct entry, or of the object it refers to (the file's last definition, as updates append). */
  entry(dict: string, name: string): string | null {
    const match = new RegExp(`/${name}(?![\\w#])\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\]|/[^\\s/\\[\\]<>()]+|[\\d.]+)`).exec(dict);
    if (!match) return null;
    const reference = /^(\d+)\s+(\d+)\s+R$/.exec(match[1]!);
    if (!reference) return match[1]!;
    const start = this.objectStarts().get(`${reference[1]} ${reference[2]}`);
    if (start === undefined) return null;
    const body = this.text.slice(start, start + 4096);
    return body.slice(0, Math.max(0, body.indexOf("endobj"))).trim() || null;
  }

  /** Keeps the objects of a decoded object stream (its /N objects, numbered in its header, from /First on). */
  addPacked(dict: string, decoded: string): void {
    const first = Number(this.entry(dict, "First"));
    const count = Number(this.entry(dict, "N"));
    if (!Number.isInteger(first) || !Number.isInteger(count) || first < 0 || first > decoded.length) return;
    const header = decoded.slice(0, first).match(/\d+/g)?.map(Number) ?? [];
    for (let k = 0; k < Math.min(count, header.length / 2); k++) {
      const from = first + header[2 * k + 1]!;
      const to = k + 1 < count && 2 * k + 3 < header.length ? first + header[2 * k + 3]! : decoded.length;
      this.packed.set(`${header[2 * k]} 0`, decoded.slice(from, Math.min(Math.max(from, to), from + MAX_BODY)));
    }
  }

  /**
   * Where the last "obj" keyword before `at` and after `from` is ("N G obj", or the "endobj" of an object before a
   * stream that has no header), -1 when there is none: found among the keywords' places, listed once.
   */
  objKeywordBefore(at: number, from: number): number {
    this.objectStarts();
    this.endobjs ??= Array.from(this.text.matchAll(/endobj/g), (found) => found.index + 3);
    const header = this.objKeywords[lastBelow(this.objKeywords, at + 1)] ?? -1;
    const endobj = this.endobjs[lastBelow(this.endobjs, at + 1)] ?? -1;
    const found = Math.max(header, endobj);
    return found >= from ? found : -1;
  }

  /** The objects that are pages (a /Type /Page dictionary, not the /Pages tree above them). */
  pages(): Set<string> {
    const pages = new Set<string>();
    for (const key of [...this.objectStarts().keys(), ...this.packed.keys()]) if (PAGE.test(this.body(key))) pages.add(key);
    return pages;
  }

  /** The objects an object's dictionary refers to, its parent aside. */
  references(key: string): string[] {
    let found = this.referenced.get(key);
    if (!found) {
      const body = this.body(key).replace(PARENT, "");
      found = Array.from(body.matchAll(REFERENCE), (match) => `${match[1]} ${match[2]}`);
      this.referenced.set(key, found);
    }
    return found;
  }

  /** The objects the resources of the nearest ancestor that has them refer to (for a page that leaves them out). */
  inheritedResources(page: string, levels: number): string[] {
    let key = page;
    for (let level = 0; level < levels; level++) {
      const parent = PARENT.exec(this.body(key));
      if (!parent) return [];
      key = `${parent[1]} ${parent[2]}`;
      const resources = valueText(this.body(key), RESOURCES);
      if (resources !== null) return Array.from(resources.matchAll(REFERENCE), (match) => `${match[1]} ${match[2]}`);
    }
    return [];
  }

  hasResources(key: string): boolean {
    return RESOURCES.test(this.body(key));
  }

  /** An object's dictionary: up to its stream's data, its "endobj" or the next object, and MAX_BODY at most. */
  private body(key: string): string {
    const packed = this.packed.get(key);
    if (packed !== undefined) return packed;
    const start = this.objectStarts().get(key);
    if (start === undefined) return "";
    const body = this.text.slice(start, Math.min(this.nextHeader(start), start + MAX_BODY));
    const ends = [body.indexOf("endobj"), body.indexOf("stream")].filter((at) => at !== -1);
    return ends.length > 0 ? body.slice(0, Math.min(...ends)) : body;
  }

  private nextHeader(from: number): number {
    return this.headers[lastBelow(this.headers, from) + 1] ?? this.text.length;
  }

  private objectStarts(): Map<string, number> {
    if (this.starts) return this.starts;
    this.starts = new Map();
    for (const found of this.text.matchAll(/(?<!\d)(\d+)\s+(\d+)\s+obj\b/g)) {
      this.starts.set(`${found[1]} ${found[2]}`, found.index + found[0].length);
      this.headers.push(found.index);
      this.objKeywords.push(found.index + found[0].length - 3);
    }
    return this.starts;
  }
}

/** The index of the last of `sorted` below `value`, -1 when none is. */
function lastBelow(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** The text of an entry's value: a dictionary (to its matching ">>") or a reference; null when the entry is not there. */
function valueText(body: string, name: RegExp): string | null {
  const match = name.exec(body);
  if (!match) return null;
  const from = match.index + match[0].length;
  if (!body.startsWith("<<", from)) return /^\d+\s+\d+\s+R/.exec(body.slice(from))?.[0] ?? null;
  let depth = 0;
  for (let i = from; i < body.length - 1; i++) {
    if (body.startsWith("<<", i)) depth++;
    else if (body.startsWith(">>", i)) depth--;
    else continue;
    i++;
    if (depth === 0) return body.slice(from, i + 1);
  }
  return body.slice(from);
}

/**
 * Where the stream's data ends: at its /Length when "endstream" follows there, else at the next "endstream", as pdf.js
 * does. A /Length that lies (10 bytes, before a megabyte of deflated zeros) would have the bomb measured as 10 bytes
 * while pdf.js, finding no "endstream" there, inflates it all.
 */
function streamEnd(objects: PdfObjects, dict: string, start: number): number {
  const { text } = objects;
  const length = Number(objects.entry(dict, "Length"));
  if (Number.isInteger(length) && length >= 0 && /^[\0\t\n\f\r ]*endstream/.test(text.slice(start + length, start + length + 64))) {
    return start + length;
  }
  const end = text.indexOf("endstream", start);
  return end === -1 ? text.length : end;
}

/** The filter names in order; ["?"] when the entry is there but cannot be read (then measured as if deflated). */
function filtersOf(objects: PdfObjects, dict: string): string[] {
  if (!/\/Filter(?![\w#])/.test(dict)) return [];
  const value = objects.entry(dict, "Filter");
  const names = value?.match(/\/[A-Za-z0-9]+/g)?.map((name) => name.slice(1));
  return names && names.length > 0 ? names : ["?"];
}

function pixels(objects: PdfObjects, dict: string): number {
  const width = Number(objects.entry(dict, "Width"));
  const height = Number(objects.entry(dict, "Height"));
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0 ? width * height : 0;
}

/**
 * What the filters decode `data` to: its size (any number above `cap` once past it) and, when every filter was one
 * decoded here rather than a picture's codec, the bytes. Run-length and LZW are measured by their codes' lengths first
 * and decoded only within the cap: the bytes are what a following filter unpacks, or a CMap whose codes are counted.
 */
async function decode(data: Buffer, filters: string[], cap: number): Promise<{ size: number; bytes?: Buffer }> {
  let bytes = data;
  for (const filter of filters) {
    switch (filter) {
      case "FlateDecode":
      case "Fl":
      case "?": {
        const inflated = await inflate(bytes, cap);
        if (inflated === null) return { size: cap + 1 };
        // Data that is not deflated at all: pdf.js fails on it as a filter would, so its raw size stands.
        if (inflated.length === 0 && filter === "?") return { size: bytes.length };
        bytes = inflated;
        break;
      }
      case "ASCIIHexDecode":
      case "AHx":
        bytes = Buffer.from(bytes.toString("latin1").replace(/[^0-9a-fA-F]/g, ""), "hex");
        break;
      case "ASCII85Decode":
      case "A85":
        bytes = ascii85(bytes);
        break;
      case "RunLengthDecode":
      case "RL": {
        const size = runLengthSize(bytes);
        if (size > cap) return { size: Math.min(size, cap + 1) };
        bytes = runLengthDecode(bytes, size);
        break;
      }
      case "LZWDecode":
      case "LZW": {
        const size = lzw(bytes, cap);
        if (size > cap) return { size: Math.min(size, cap + 1) };
        const codes = bytes;
        bytes = Buffer.alloc(size);
        lzw(codes, cap, bytes);
        break;
      }
      default:
        // Pictures' codecs (DCT, JPX, JBIG2, CCITT) are measured by their pixels.
        return { size: bytes.length };
    }
    if (bytes.length > cap) return { size: cap + 1 };
  }
  return { size: bytes.length, bytes };
}

const CMAP_OPERATORS = ["beginbfrange", "begincidrange", "beginbfchar", "begincidchar"];
const RANGE = /^begin(?:bf|cid)range$/;
const SINGLE = /^begin(?:bf|cid)char$/;
const TWO_32 = 2 ** 32;

/**
 * How many codes the CMap in `data` maps, as pdf.js reads it: hi - lo + 1 for each range (at most its array's length
 * when it maps to an array), one for each single code; counting stops past `limit`. One pass over the bytes: operands
 * are hex strings (<0000> <FFFF>) or literal strings, and a code is a string's last four bytes, as pdf.js takes it.
 */
export function cmapCodes(data: Buffer, limit: number): number {
  const n = data.length;
  let section: "range" | "single" | null = null;
  // Operands read of the current entry; the range's ends; the items of its array (-1 outside one).
  let operands = 0;
  let low = 0;
  let high = 0;
  let items = -1;
  let codes = 0;
  const span = () => (high >= low ? high - low + 1 : 0);
  const operand = (code: number | null) => {
    if (section === null) return;
    if (items >= 0) items++;
    else if (section === "single") {
      if (++operands === 2) {
        codes++;
        operands = 0;
      }
    } else if (operands < 2) {
      // A range's ends are strings; pdf.js gives up on an entry that has something else there.
      if (code === null) operands = 0;
      else if (operands++ === 0) low = code;
      else high = code;
    } else {
      codes += span();
      operands = 0;
    }
  };
  for (let i = 0; i < n && codes <= limit;) {
    const c = data[i]!;
    if (c === 0x00 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20) {
      i++;
    } else if (c === 0x25) {
      // A comment, to the end of its line.
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      i += 2;
    } else if (c === 0x3c) {
      let code = 0;
      let digits = 0;
      for (i++; i < n && data[i] !== 0x3e; i++) {
        const digit = hexDigit(data[i]!);
        if (digit === -1) continue;
        code = (code * 16 + digit) % TWO_32;
        digits++;
      }
      i++;
      operand(digits % 2 === 1 ? (code * 16) % TWO_32 : code);
    } else if (c === 0x28) {
      const literal = literalString(data, i);
      i = literal.end;
      operand(literal.code);
    } else if (c === 0x5b) {
      i++;
      if (section === "range" && operands === 2 && items < 0) items = 0;
      else operand(null);
    } else if (c === 0x5d) {
      i++;
      if (items >= 0) {
        codes += Math.min(span(), items);
        items = -1;
        operands = 0;
      }
    } else if (c === 0x3e || c === 0x7b || c === 0x7d || c === 0x29) {
      i++;
    } else {
      // A name, number or operator: up to the next whitespace or delimiter.
      const from = i;
      for (i++; i < n && !isBoundary(data[i]!); i++);
      const word = data.toString("latin1", from, Math.min(i, from + 16));
      if (RANGE.test(word) || SINGLE.test(word)) {
        section = RANGE.test(word) ? "range" : "single";
        operands = 0;
        items = -1;
      } else if (/^end(?:bf|cid)(?:range|char)$/.test(word)) {
        section = null;
      } else {
        operand(null);
      }
    }
  }
  return codes;
}

function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

function isBoundary(byte: number): boolean {
  return (
    byte === 0x00 ||
    byte === 0x09 ||
    byte === 0x0a ||
    byte === 0x0c ||
    byte === 0x0d ||
    byte === 0x20 ||
    byte === 0x25 ||
    byte === 0x28 ||
    byte === 0x29 ||
    byte === 0x2f ||
    byte === 0x3c ||
    byte === 0x3e ||
    byte === 0x5b ||
    byte === 0x5d ||
    byte === 0x7b ||
    byte === 0x7d
  );
}

const ESCAPES: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

/** A literal string's last four bytes as a code, and where it ends: nested parentheses, escapes and octal codes as PDF has them. */
function literalString(data: Buffer, at: number): { code: number; end: number } {
  let code = 0;
  let depth = 1;
  let i = at + 1;
  const push = (byte: number) => {
    code = (code * 256 + (byte & 0xff)) % TWO_32;
  };
  while (i < data.length) {
    const c = data[i++]!;
    if (c === 0x29 && --depth === 0) break;
    if (c === 0x28) depth++;
    if (c !== 0x5c) {
      push(c);
      continue;
    }
    const next = data[i++];
    if (next === undefined) break;
    if (next >= 0x30 && next <= 0x37) {
      let value = next - 0x30;
      for (let k = 0; k < 2 && data[i]! >= 0x30 && data[i]! <= 0x37; k++) value = value * 8 + data[i++]! - 0x30;
      push(value);
    } else if (next === 0x0d) {
      // A line break after a backslash continues the string.
      if (data[i] === 0x0a) i++;
    } else if (next !== 0x0a) {
      push(ESCAPES[next] ?? next);
    }
  }
  return { code, end: i };
}

/** The inflated bytes (as much as a damaged stream yields), or null past `cap`. */
function inflate(data: Buffer, cap: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (answer: Buffer | null) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve(answer);
    };
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) settle(null);
      else chunks.push(chunk);
    });
    inflater.on("end", () => settle(Buffer.concat(chunks)));
    inflater.on("error", () => settle(Buffer.concat(chunks)));
    inflater.end(data);
  });
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString("latin1").replace(/\s/g, "");
  const end = text.indexOf("~>");
  const body = end === -1 ? text : text.slice(0, end);
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((sum, digit) => sum * 85 + digit, 0);
    for (let i = 0; i < count; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const char of body) {
    if (char === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else if (char >= "!" && char <= "u") {
      group.push(char.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

function runLengthSize(data: Buffer): number {
  let size = 0;
  for (let i = 0; i < data.length;) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      size += n + 1;
      i += n + 2;
    } else {
      size += 257 - n;
      i += 2;
    }
  }
  return size;
}

function runLengthDecode(data: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size);
  let at = 0;
  for (let i = 0; i < data.length && at < size;) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      data.copy(out, at, i + 1, i + 2 + n);
      at += n + 1;
      i += n + 2;
    } else {
      out.fill(data[i + 1] ?? 0, at, Math.min(at + 257 - n, size));
      at += 257 - n;
      i += 2;
    }
  }
  return out;
}

/**
 * The length LZW codes decode to (each code's string is one byte longer than its prefix's), stopping past `cap`; with
 * `out` (as long as that length), the bytes too, each code's string written from its end back along its prefixes, so
 * the work is the length of what is written.
 */
function lzw(data: Buffer, cap: number, out?: Buffer): number {
  const lengths = new Uint32Array(4096);
  const prefixes = new Int32Array(4096).fill(-1);
  // The byte each code's string ends with.
  const ends = new Uint8Array(4096);
  for (let byte = 0; byte < 256; byte++) {
    lengths[byte] = 1;
    ends[byte] = byte;
  }
  let next = 258;
  let bits = 9;
  let previous = -1;
  let size = 0;
  let buffer = 0;
  let held = 0;
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) >>> 0;
    held += 8;
    while (held >= bits) {
      const code = (buffer >>> (held - bits)) & ((1 << bits) - 1);
      held -= bits;
      if (code === 257) return size;
      if (code === 256) {
        next = 258;
        bits = 9;
        previous = -1;
        continue;
      }
      const known = code < next;
      const length = known ? lengths[code]! : previous === -1 ? 1 : lengths[previous]! + 1;
      if (out) {
        // A code not yet in the table is the string before it plus that string's first byte.
        let at = size + length - 1;
        if (!known) out[at--] = previous === -1 ? 0 : (out[size - lengths[previous]!] ?? 0);
        for (let c = known ? code : previous; c !== -1 && at >= size; c = prefixes[c]!) out[at--] = ends[c]!;
      }
      size += length;
      if (size > cap) return size;
      if (previous !== -1 && next < 4096) {
        lengths[next] = lengths[previous]! + 1;
        prefixes[next] = previous;
        ends[next] = out?.[size - length] ?? 0;
        next++;
      }
      previous = code;
      // Early change, PDF's default: the width grows one code before the table fills it.
      if (next + 1 >= 1 << bits && bits < 12) bits++;
    }
  }
  return size;
}
