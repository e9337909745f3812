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
  /** The whole file. */
  fileBytes: 512 * MIB,
};

export type DecodeLimits = typeof DECODE_LIMITS;

/** Which bound a file passes ("stream": one of its streams', "file": the file's), or null within them. */
export async function pastDecodeLimits(bytes: Uint8Array, limits: DecodeLimits = DECODE_LIMITS): Promise<"stream" | "file" | null> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const objects = new PdfObjects(pdf.toString("latin1"));
  const { text } = objects;
  let total = 0;
  let at = text.indexOf("stream");
  while (at !== -1) {
    const next = (from: number) => text.indexOf("stream", from);
    const dictEnd = text.lastIndexOf(">>", at);
    // A stream keyword follows its dictionary's ">>" (whitespace between); "endstream" and words in text are not one.
    if (text.startsWith("end", at - 3) || dictEnd === -1 || text.slice(dictEnd + 2, at).trim() !== "") {
      at = next(at + 6);
      continue;
    }
    const dict = text.slice(Math.max(text.lastIndexOf("obj", dictEnd), dictEnd - 64 * 1024, 0), dictEnd + 2);
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = streamEnd(objects, dict, start);
    const kind = kindOf(dict);
    const cap = kind === "image" ? limits.imageBytes : kind === "font" ? limits.fontBytes : limits.streamBytes;
    let size = await decodedSize(pdf.subarray(start, end), filtersOf(objects, dict), cap);
    if (kind === "image") size = Math.max(size, pixels(objects, dict) * 4);
    if (size > cap) return "stream";
    total += size;
    if (total > limits.fileBytes) return "file";
    at = next(Math.max(end, start));
  }
  return null;
}

type Kind = "image" | "font" | "other";

function kindOf(dict: string): Kind {
  if (/\/Subtype\s*\/Image\b/.test(dict)) return "image";
  if (/\/Length[123]\b|\/Subtype\s*\/(?:Type1C|CIDFontType0C|OpenType)\b/.test(dict)) return "font";
  return "other";
}

/** The file's text and where each object's body starts (found once, on the first reference). */
class PdfObjects {
  private starts: Map<string, number> | null = null;

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

  private objectStarts(): Map<string, number> {
    if (this.starts) return this.starts;
    this.starts = new Map();
    for (const found of this.text.matchAll(/(?<!\d)(\d+)\s+(\d+)\s+obj\b/g)) {
      this.starts.set(`${found[1]} ${found[2]}`, found.index + found[0].length);
    }
    return this.starts;
  }
}

/** Where the stream's data ends: at its /Length when that fits the file, else at the next "endstream", as pdf.js does. */
function streamEnd(objects: PdfObjects, dict: string, start: number): number {
  const { text } = objects;
  const length = Number(objects.entry(dict, "Length"));
  if (Number.isInteger(length) && length >= 0 && start + length <= text.length) return start + length;
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

/** The bytes the filters decode `data` to, stopping early past `cap` (then any number above it). */
async function decodedSize(data: Buffer, filters: string[], cap: number): Promise<number> {
  let bytes = data;
  for (const filter of filters) {
    switch (filter) {
      case "FlateDecode":
      case "Fl":
      case "?": {
        const inflated = await inflate(bytes, cap);
        if (inflated === null) return cap + 1;
        // Data that is not deflated at all: pdf.js fails on it as a filter would, so its raw size stands.
        if (inflated.length === 0 && filter === "?") return bytes.length;
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
      case "RL":
        return Math.min(runLengthSize(bytes), cap + 1);
      case "LZWDecode":
      case "LZW":
        return Math.min(lzwSize(bytes, cap), cap + 1);
      default:
        // Pictures' codecs (DCT, JPX, JBIG2, CCITT) are measured by their pixels.
        return bytes.length;
    }
    if (bytes.length > cap) return cap + 1;
  }
  return bytes.length;
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

/** The length LZW codes decode to (each code's string is one byte longer than its prefix's), stopping past `cap`. */
function lzwSize(data: Buffer, cap: number): number {
  const lengths = new Uint32Array(4096);
  lengths.fill(1, 0, 256);
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
      const length = code < next ? lengths[code]! : previous === -1 ? 1 : lengths[previous]! + 1;
      size += length;
      if (size > cap) return size;
      if (previous !== -1 && next < 4096) lengths[next++] = lengths[previous]! + 1;
      previous = code;
      // Early change, PDF's default: the width grows one code before the table fills it.
      if (next + 1 >= 1 << bits && bits < 12) bits++;
    }
  }
  return size;
}
