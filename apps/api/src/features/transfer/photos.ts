import { imageSize } from "image-size";

/**
 * A kept photo's pixels at most. A browser decodes a photo at 4 bytes a pixel whatever its file size (a 48 KB PNG of
 * 20,000 x 20,000 pixels took Chromium from 0.9 to 3.8 GB), so a recipe card's photo is bounded by its pixels, not only
 * its bytes: 40 million (160 MB decoded) lets a 36-megapixel camera's photo through.
 */
export const PHOTO_PIXELS = 40_000_000;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The photo's type by its first bytes; photos of other types are left out. */
export function imageType(bytes: Uint8Array): PhotoType | null {
  const ascii = Buffer.from(bytes.subarray(0, 12)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii.startsWith("\x89PNG")) return "image/png";
  if (ascii.startsWith("GIF8")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * The photo as Kim keeps it, or null for one left out (not an image of those types, its size unreadable, or over
 * PHOTO_PIXELS). What cameras and phones write beside the picture (where it was taken, the device, the time, the
 * author) is left out, as a recipe's photo is shown to everyone in the household and travels in exports; a JPEG's
 * orientation is kept, as the picture would show sideways without it. GIFs are kept as they are.
 */
export function keptPhoto(bytes: Buffer): { contentType: PhotoType; bytes: Buffer } | null {
  const contentType = imageType(bytes);
  if (!contentType || !withinPixels(bytes)) return null;
  const stripped = STRIPPERS[contentType](bytes);
  return stripped && { contentType, bytes: stripped };
}

function withinPixels(bytes: Buffer): boolean {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 && width * height <= PHOTO_PIXELS;
  } catch {
    return false;
  }
}

/** Each type's bytes without their metadata, or null when their structure is broken. */
const STRIPPERS: Record<PhotoType, (bytes: Buffer) => Buffer | null> = {
  "image/jpeg": jpegWithoutMetadata,
  "image/png": pngWithoutMetadata,
  "image/webp": webpWithoutMetadata,
  "image/gif": (bytes) => bytes,
};

const JPEG = { sos: 0xda, app1: 0xe1, app13: 0xed, comment: 0xfe } as const;

/**
 * A JPEG without its Exif and XMP (APP1), Photoshop/IPTC (APP13) and comment segments; its colour profile (APP2) and
 * the JFIF/Adobe segments the decoder needs are kept, and the Exif orientation comes back as a segment of its own.
 */
function jpegWithoutMetadata(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    // The image data runs to the end: the segments are all read.
    if (marker === JPEG.sos) return Buffer.concat([...parts, bytes.subarray(at)]);
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length) return null;
    const segment = bytes.subarray(at, end);
    if (marker === JPEG.app1) {
      const orientation = exifOrientation(segment.subarray(4));
      if (orientation !== null && orientation !== 1) parts.push(orientationSegment(orientation));
    } else if (marker !== JPEG.app13 && marker !== JPEG.comment) {
      parts.push(segment);
    }
    at = end;
  }
  return null;
}

const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const ORIENTATION_TAG = 0x0112;

/** The orientation (1 to 8) an Exif block (after its APP1 length) names in its first directory, or null. */
function exifOrientation(exif: Buffer): number | null {
  if (exif.length < 14 || !exif.subarray(0, 6).equals(EXIF_HEADER)) return null;
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

/** PNG chunks that hold text and metadata rather than the picture. */
const PNG_METADATA = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function pngWithoutMetadata(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (end > bytes.length) return null;
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return Buffer.concat(parts);
  }
  return null;
}

/** The VP8X header's flags for an Exif and an XMP chunk. */
const WEBP_FLAGS = { exif: 0x08, xmp: 0x04 };

function webpWithoutMetadata(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [Buffer.from(bytes.subarray(0, 12))];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) return null;
    const type = bytes.toString("latin1", at, at + 4);
    if (type === "VP8X" && size >= 1) {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(end, bytes.length)));
      chunk[8] = chunk[8]! & ~(WEBP_FLAGS.exif | WEBP_FLAGS.xmp);
      parts.push(chunk);
    } else if (type !== "EXIF" && type !== "XMP ") {
      parts.push(bytes.subarray(at, Math.min(end, bytes.length)));
    }
    at = end;
  }
  const webp = Buffer.concat(parts);
  webp.writeUInt32LE(webp.length - 8, 4);
  return webp;
}
