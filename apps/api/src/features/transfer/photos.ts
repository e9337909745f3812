/**
 * A kept photo's pixels at most. A browser decodes a photo at 4 bytes a pixel whatever its file size (a 48 KB PNG of
 * 20,000 x 20,000 pixels took Chromium from 0.9 to 3.8 GB), so a recipe card's photo is bounded by its pixels, not only
 * its bytes: 40 million (160 MB decoded) lets a 36-megapixel camera's photo through.
 */
export const PHOTO_PIXELS = 40_000_000;

/**
 * Segments, chunks or blocks one photo may have: a camera's JPEG has tens, an animated GIF a few per frame. A file of
 * millions of empty ones held the server for a second each time it was read.
 */
const PHOTO_PARTS = 20_000;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The photo's type by its first bytes; photos of other types are left out. */
export function imageType(bytes: Uint8Array): PhotoType | null {
  const ascii = Buffer.from(bytes.subarray(0, 12)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii.startsWith("\x89PNG\r\n\x1a\n")) return "image/png";
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * The photo as Kim keeps it, or null for one left out: not an image of those types, its structure broken, or a picture
 * (any frame of it) over PHOTO_PIXELS. Each format is walked part by part and only the parts that draw the picture are
 * kept, so what cameras, phones and editors write beside it (where it was taken, the device, the time, the author, a
 * second picture or a video after its end) is left out whatever it is called; a photo is shown to everyone in the
 * household and travels in exports. A JPEG's orientation is kept, as the picture would show sideways without it. The
 * sizes are read from the parts a browser draws (every frame header), not from a header reader's first guess.
 */
export function keptPhoto(bytes: Buffer): { contentType: PhotoType; bytes: Buffer } | null {
  const contentType = imageType(bytes);
  if (!contentType) return null;
  const kept = new Parts();
  const drawn = READERS[contentType](bytes, kept);
  return drawn && !kept.tooMany ? { contentType, bytes: kept.joined() } : null;
}

/** The parts of a photo kept, in order, and how many were read (against PHOTO_PARTS). */
class Parts {
  private readonly list: Buffer[] = [];
  private read = 0;
  tooMany = false;
  /** The kept parts' bytes, in all. */
  length = 0;
  /** Counts one more part read; false once they are too many. */
  next(): boolean {
    this.tooMany ||= ++this.read > PHOTO_PARTS;
    return !this.tooMany;
  }
  keep(part: Buffer): void {
    this.list.push(part);
    this.length += part.length;
  }
  joined(): Buffer {
    return Buffer.concat(this.list);
  }
}

/** Whether a picture of `width` x `height` may be drawn. */
const drawable = (width: number, height: number) => width > 0 && height > 0 && width * height <= PHOTO_PIXELS;

/** Each type's reader: keeps the parts that draw the picture; false when the file is broken or too large to draw. */
const READERS: Record<PhotoType, (bytes: Buffer, kept: Parts) => boolean> = {
  "image/jpeg": readJpeg,
  "image/png": readPng,
  "image/webp": readWebp,
  "image/gif": readGif,
};

const JPEG = { soi: 0xd8, eoi: 0xd9, sos: 0xda, app0: 0xe0, app1: 0xe1, app2: 0xe2, app14: 0xee } as const;
/** Segments that define the picture: frames (SOF0-15 but DHT, JPG and DAC), tables, restart interval, line count. */
const JPEG_FRAME = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const JPEG_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xde, 0xdf]);
/** Application segments a decoder needs, by the name they open with: JFIF, the colour profile, Adobe's colour transform. */
const JPEG_KEPT_APPS: [number, string][] = [
  [JPEG.app0, "JFIF\0"],
  [JPEG.app2, "ICC_PROFILE\0"],
  [JPEG.app14, "Adobe"],
];

/**
 * A JPEG's frames, tables and scans up to its end (EOI), each frame within PHOTO_PIXELS; every application segment
 * but JFIF, the colour profile and Adobe's, every comment, and everything after EOI (a second picture, a phone's
 * video) left out. The first Exif block's orientation comes back as a segment of its own.
 */
function readJpeg(bytes: Buffer, kept: Parts): boolean {
  kept.keep(bytes.subarray(0, 2));
  let at = 2;
  let frames = 0;
  let oriented = false;
  while (at + 1 < bytes.length && kept.next()) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // a fill byte before a marker
      continue;
    }
    // Markers without a length belong inside a scan, and a second start of image nowhere.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === JPEG.soi) return false;
    if (marker === JPEG.eoi) {
      kept.keep(bytes.subarray(at, at + 2));
      return frames > 0;
    }
    if (at + 4 > bytes.length) return false;
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return false;
    const segment = bytes.subarray(at, end);
    const data = segment.subarray(4);
    if (JPEG_FRAME(marker)) {
      if (data.length < 5 || !drawable(data.readUInt16BE(3), data.readUInt16BE(1))) return false;
      frames++;
      kept.keep(segment);
    } else if (marker === JPEG.sos) {
      kept.keep(segment);
      const next = scanEnd(bytes, end);
      if (next === null) return false;
      kept.keep(bytes.subarray(end, next));
      at = next;
      continue;
    } else if (JPEG_TABLES.has(marker) || JPEG_KEPT_APPS.some(([app, name]) => app === marker && opensWith(data, name))) {
      kept.keep(segment);
    } else if (marker === JPEG.app1 && !oriented && opensWith(data, "Exif\0\0")) {
      oriented = true;
      const orientation = exifOrientation(data);
      if (orientation !== null && orientation !== 1) kept.keep(orientationSegment(orientation));
    }
    at = end;
  }
  return false;
}

const opensWith = (data: Buffer, name: string) => data.toString("latin1", 0, name.length) === name;

/** Where a scan's coded data starting at `from` ends: the next marker that is not a stuffed byte or a restart. */
function scanEnd(bytes: Buffer, from: number): number | null {
  let at = from;
  for (;;) {
    const mark = bytes.indexOf(0xff, at);
    if (mark === -1 || mark + 1 >= bytes.length) return null;
    const next = bytes[mark + 1]!;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) at = mark + 1;
    else return mark;
  }
}

const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const ORIENTATION_TAG = 0x0112;

/** The orientation (1 to 8) an Exif block names in its first directory, or null. */
function exifOrientation(exif: Buffer): number | null {
  if (exif.length < 14) return null;
  const tiff = exif.subarray(6);
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const u16 = (at: number) => (order === "II" ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const directory = order === "II" ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (directory + 2 > tiff.length) return null;
  const entries = u16(directory);
  for (let entry = directory + 2; entry < directory + 2 + entries * 12 && entry + 12 <= tiff.length; entry += 12) {
    if (u16(entry) !== ORIENTATION_TAG) continue;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** An APP1 segment holding an Exif block with the orientation alone (big-endian TIFF, one directory of one entry). */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // The next directory's offset, 0: there is none (bytes 22 to 25, already zero).
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xff00 | JPEG.app1, 0);
  header.writeUInt16BE(2 + EXIF_HEADER.length + tiff.length, 2);
  return Buffer.concat([header, EXIF_HEADER, tiff]);
}

/** PNG chunks that draw the picture: the critical ones, colour, transparency, pixel size, palettes, animation. */
const PNG_KEPT = new Set(
  [
    "IHDR",
    "PLTE",
    "IDAT",
    "IEND",
    "tRNS",
    "cHRM",
    "gAMA",
    "iCCP",
    "sBIT",
    "sRGB",
    "cICP",
    "mDCV",
    "cLLI",
    "bKGD",
    "hIST",
    "pHYs",
    "sPLT",
  ].concat(["acTL", "fcTL", "fdAT"]),
);

/** A PNG's drawing chunks up to IEND, its header first and within PHOTO_PIXELS, as every animation frame is. */
function readPng(bytes: Buffer, kept: Parts): boolean {
  kept.keep(bytes.subarray(0, 8));
  let at = 8;
  while (at + 12 <= bytes.length && kept.next()) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (at === 8 && (type !== "IHDR" || length !== 13 || !drawable(data.readUInt32BE(0), data.readUInt32BE(4)))) return false;
    if (type === "fcTL" && (length < 12 || !drawable(data.readUInt32BE(4), data.readUInt32BE(8)))) return false;
    if (PNG_KEPT.has(type)) kept.keep(bytes.subarray(at, end));
    if (type === "IEND") return true;
    at = end;
  }
  return false;
}

/** WebP chunks that draw the picture; the VP8X header's flags for an Exif and an XMP chunk. */
const WEBP_KEPT = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]);
const WEBP_FLAGS = { exif: 0x08, xmp: 0x04 };

/** A WebP's drawing chunks within its RIFF size, its canvas and every frame within PHOTO_PIXELS. */
function readWebp(bytes: Buffer, kept: Parts): boolean {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return false;
  const head = Buffer.from(bytes.subarray(0, 12));
  kept.keep(head);
  let sized = false;
  let at = 12;
  while (at + 8 <= riffEnd && kept.next()) {
    const type = bytes.toString("latin1", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = Math.min(at + 8 + size + (size % 2), riffEnd);
    if (at + 8 + size > riffEnd) return false;
    const data = bytes.subarray(at + 8, at + 8 + size);
    const drawn = webpSize(type, data);
    if (drawn === false) return false;
    if (drawn) sized = true;
    if (type === "VP8X") {
      const chunk = Buffer.from(bytes.subarray(at, end));
      chunk[8] = chunk[8]! & ~(WEBP_FLAGS.exif | WEBP_FLAGS.xmp);
      kept.keep(chunk);
    } else if (WEBP_KEPT.has(type)) {
      kept.keep(bytes.subarray(at, end));
    }
    at = end;
  }
  head.writeUInt32LE(kept.length - 8, 4);
  return sized;
}

/** Whether a WebP chunk that sizes a picture (the canvas, a frame, a bitstream) is drawable; null for other chunks. */
function webpSize(type: string, data: Buffer): boolean | null {
  switch (type) {
    case "VP8X":
      return data.length >= 10 && drawable(data.readUIntLE(4, 3) + 1, data.readUIntLE(7, 3) + 1);
    case "ANMF":
      return data.length >= 12 && drawable(data.readUIntLE(6, 3) + 1, data.readUIntLE(9, 3) + 1);
    case "VP8 ":
      return (
        data.length >= 10 &&
        data[3] === 0x9d &&
        data[4] === 0x01 &&
        data[5] === 0x2a &&
        drawable(data.readUInt16LE(6) & 0x3fff, data.readUInt16LE(8) & 0x3fff)
      );
    case "VP8L": {
      if (data.length < 5 || data[0] !== 0x2f) return false;
      const bits = data.readUInt32LE(1);
      return drawable((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    default:
      return null;
  }
}

const GIF = { extension: 0x21, image: 0x2c, trailer: 0x3b, graphicControl: 0xf9, application: 0xff } as const;
/** Application extensions a browser reads: the loop count. */
const GIF_KEPT_APPLICATIONS = ["NETSCAPE2.0", "ANIMEXTS1.0"];

/**
 * A GIF's screen, frames and their timing up to its trailer, the picture every frame reaches within PHOTO_PIXELS (a
 * browser grows a GIF to fit a frame larger than its screen); comments, text and other applications' blocks left out.
 */
function readGif(bytes: Buffer, kept: Parts): boolean {
  if (bytes.length < 13) return false;
  let width = bytes.readUInt16LE(6);
  let height = bytes.readUInt16LE(8);
  const flags = bytes[10]!;
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  if (at > bytes.length) return false;
  kept.keep(bytes.subarray(0, at));
  let frames = 0;
  while (at < bytes.length && kept.next()) {
    const block = bytes[at]!;
    if (block === GIF.trailer) {
      kept.keep(bytes.subarray(at, at + 1));
      return frames > 0 && drawable(width, height);
    }
    let end: number | null;
    let keep: boolean;
    if (block === GIF.image) {
      if (at + 10 > bytes.length) return false;
      width = Math.max(width, bytes.readUInt16LE(at + 1) + bytes.readUInt16LE(at + 5));
      height = Math.max(height, bytes.readUInt16LE(at + 3) + bytes.readUInt16LE(at + 7));
      if (!drawable(width, height)) return false;
      const local = bytes[at + 9]!;
      // The frame's colour table, then the LZW code size, then its data's sub-blocks.
      end = subBlocksEnd(bytes, at + 10 + (local & 0x80 ? 3 << ((local & 7) + 1) : 0) + 1);
      keep = true;
      frames++;
    } else if (block === GIF.extension && at + 2 <= bytes.length) {
      const label = bytes[at + 1]!;
      end = subBlocksEnd(bytes, at + 2);
      const application = bytes.toString("latin1", at + 3, at + 14);
      keep = label === GIF.graphicControl || (label === GIF.application && GIF_KEPT_APPLICATIONS.includes(application));
    } else {
      return false;
    }
    if (end === null) return false;
    if (keep) kept.keep(bytes.subarray(at, end));
    at = end;
  }
  return false;
}

/** Where the sub-blocks starting at `from` end, past their empty closing block; null when the file ends first. */
function subBlocksEnd(bytes: Buffer, from: number): number | null {
  let at = from;
  while (at < bytes.length) {
    const size = bytes[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
  return null;
}
