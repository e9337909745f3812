import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

/**
 * Photos made in tests, byte for byte as their formats say: PNGs a browser decodes, and JPEG and WebP files whose
 * segments and chunks are real (the picture data inside them is noise: only their structure is read by Kim).
 */

/** A PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` x `height` pixels of noise (8-bit RGB, so every call's differs), with `chunks` before its image data.
 * `imageData` stands in for the compressed pixels, for a size no test should have to draw.
 */
export function pngPhoto({
  width = 8,
  height = 8,
  chunks = [],
  imageData,
}: { width?: number; height?: number; chunks?: Buffer[]; imageData?: Buffer } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits a sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    pngChunk("IHDR", header),
    ...chunks,
    pngChunk("IDAT", imageData ?? deflateSync(noise(width, height))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Rows of random RGB pixels, each after its filter byte (none). */
function noise(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const pixels = randomBytes(row * height);
  for (let y = 0; y < height; y++) pixels[y * row] = 0;
  return pixels;
}

/** A JPEG segment: its marker and, past SOI/EOI, its length and data. */
export function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** An Exif block (big-endian TIFF) whose first directory holds these tags, each a SHORT or a LONG. */
export function exifBlock(tags: { tag: number; value: number; long?: boolean }[]): Buffer {
  const tiff = Buffer.alloc(8 + 2 + tags.length * 12 + 4);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(tags.length, 8);
  tags.forEach(({ tag, value, long }, i) => {
    const at = 10 + i * 12;
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(long ? 4 : 3, at + 2);
    tiff.writeUInt32BE(1, at + 4);
    if (long) tiff.writeUInt32BE(value, at + 8);
    else tiff.writeUInt16BE(value, at + 8);
  });
  return Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
}

/** A baseline JPEG's frame header (SOF0) for `width` x `height` pixels of three components. */
export function jpegFrame(width: number, height: number): Buffer {
  const data = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  data.writeUInt16BE(height, 1);
  data.writeUInt16BE(width, 3);
  return jpegSegment(0xc0, data);
}

/** A scan: its header, then coded data of noise (no 0xFF in it, which would open a marker). */
export function jpegScan(): Buffer {
  const coded = randomBytes(64).map((byte) => (byte === 0xff ? 0xfe : byte));
  return Buffer.concat([jpegSegment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])), coded]);
}

export const JPEG_END = Buffer.from([0xff, 0xd9]);

/** A JPEG: SOI, these segments, a frame of `width` x `height`, a scan of noise, EOI, then `after` (none by default). */
export function jpegPhoto({
  width = 8,
  height = 8,
  segments = [],
  after = Buffer.alloc(0),
}: { width?: number; height?: number; segments?: Buffer[]; after?: Buffer } = {}): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, jpegFrame(width, height), jpegScan(), JPEG_END, after]);
}

/** A real 8 x 8 JPEG (made by sharp, no metadata): its tables, frame and scan draw, where jpegPhoto's noise does not. */
const DRAWN_JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKABiz//2Q==",
  "base64",
);

/** A JPEG a decoder draws (an 8 x 8 picture): SOI, these segments, the real JPEG's tables, frame and scan, EOI. */
export function drawnJpeg({ segments = [] }: { segments?: Buffer[] } = {}): Buffer {
  return Buffer.concat([DRAWN_JPEG.subarray(0, 2), ...segments, DRAWN_JPEG.subarray(2)]);
}

/** A real 8 x 8 lossless WebP (made by sharp), which a decoder draws, where webpPhoto's header-only picture does not. */
export const drawnWebp = (): Buffer => Buffer.from("UklGRh4AAABXRUJQVlA4TBEAAAAvB8ABAAdQvCIXpf+BiOh/AAA=", "base64");

/** A RIFF chunk of a WebP file, padded to an even length. */
export function webpChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** An extended WebP (VP8X) of `width` x `height` with these flags and chunks after its lossless picture. */
export function webpPhoto({
  width = 8,
  height = 8,
  flags = 0,
  chunks = [],
}: { width?: number; height?: number; flags?: number; chunks?: Buffer[] } = {}): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = flags;
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  // A lossless bitstream's header: its signature, then 14 bits each of width - 1 and height - 1.
  const vp8l = Buffer.alloc(10);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), webpChunk("VP8X", vp8x), webpChunk("VP8L", vp8l), ...chunks]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A GIF block's data as sub-blocks (at most 255 bytes each), closed by an empty one. */
function subBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const piece = data.subarray(at, at + 255);
    parts.push(Buffer.from([piece.length]), piece);
  }
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** A GIF extension block: its label and data. */
export const gifExtension = (label: number, data: Buffer) => Buffer.concat([Buffer.from([0x21, label]), subBlocks(data)]);

/**
 * A GIF of a `width` x `height` screen (a two-colour table) with these frames (each at its place and of its size, its
 * pixels noise) and `blocks` before them.
 */
export function gifPhoto({
  width = 8,
  height = 8,
  frames = [{ left: 0, top: 0, width, height }],
  blocks = [],
}: {
  width?: number;
  height?: number;
  frames?: { left: number; top: number; width: number; height: number }[];
  blocks?: Buffer[];
} = {}): Buffer {
  const screen = Buffer.alloc(13);
  screen.write("GIF89a", 0, "latin1");
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of two colours
  const images = frames.map((frame) => {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(frame.left, 1);
    descriptor.writeUInt16LE(frame.top, 3);
    descriptor.writeUInt16LE(frame.width, 5);
    descriptor.writeUInt16LE(frame.height, 7);
    return Buffer.concat([descriptor, Buffer.from([2]), subBlocks(randomBytes(20))]);
  });
  return Buffer.concat([screen, Buffer.from([0, 0, 0, 255, 255, 255]), ...blocks, ...images, Buffer.from([0x3b])]);
}
