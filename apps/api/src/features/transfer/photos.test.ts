import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  exifBlock,
  gifExtension,
  gifPhoto,
  JPEG_END,
  jpegFrame,
  jpegPhoto,
  jpegScan,
  jpegSegment,
  pngChunk,
  pngPhoto,
  webpChunk,
  webpPhoto,
} from "../../testing/photos";
import { sharedData } from "../../testing/shared-data";
import { keptPhoto, PHOTO_PIXELS } from "./photos";

const ORIENTATION = 0x0112;
const GPS_DIRECTORY = 0x8825;
const PLACE = "52.3676N 4.9041E";
const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, "latin1"));
const place = (label = "") => Buffer.from(`${label}${PLACE}`, "latin1");
/** A JPEG's bytes from its first scan on. */
const fromScan = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

describe("a photo kept from a collection", () => {
  it("is left out when it has more pixels than a browser should decode, whatever its bytes", () => {
    // 48 KB of zeros compress a 20,000 x 20,000 PNG: 1.6 GB once a browser draws it.
    expect(keptPhoto(pngPhoto({ width: 20_000, height: 20_000, imageData: Buffer.alloc(48_000) }))).toBeNull();
    expect(keptPhoto(jpegPhoto({ width: 40_000, height: 1_001 }))).toBeNull();
    expect(keptPhoto(webpPhoto({ width: 16_000, height: 16_000 }))).toBeNull();
    expect(keptPhoto(gifPhoto({ width: 8_000, height: 8_000 }))).toBeNull();
    // At the bound it is kept.
    const side = Math.floor(Math.sqrt(PHOTO_PIXELS));
    expect(keptPhoto(pngPhoto({ width: side, height: side, imageData: Buffer.alloc(10) }))?.contentType).toBe("image/png");
    expect(keptPhoto(gifPhoto({ width: side, height: side }))?.contentType).toBe("image/gif");
  });

  it("reads the size from every frame a browser draws, not from the header's first guess", () => {
    // A frame header first (no JFIF before it) and a 1 x 1 decoy after the end: the frame drawn is 7,000 x 7,000.
    const decoy = jpegFrame(1, 1);
    const sofFirst = Buffer.concat([Buffer.from([0xff, 0xd8]), jpegFrame(7_000, 7_000), jpegScan(), JPEG_END, decoy]);
    expect(keptPhoto(sofFirst)).toBeNull();
    // A GIF's screen of 1 x 1 with a frame of 8,000 x 8,000: the browser grows the picture to the frame.
    expect(keptPhoto(gifPhoto({ width: 1, height: 1, frames: [{ left: 0, top: 0, width: 8_000, height: 8_000 }] }))).toBeNull();
    expect(keptPhoto(gifPhoto({ width: 10, height: 10, frames: [{ left: 7_000, top: 7_000, width: 10, height: 10 }] }))).toBeNull();
    // A PNG animation frame or a WebP frame past the bound.
    const frame = Buffer.alloc(26);
    frame.writeUInt32BE(20_000, 4);
    frame.writeUInt32BE(20_000, 8);
    expect(keptPhoto(pngPhoto({ chunks: [pngChunk("acTL", Buffer.alloc(8)), pngChunk("fcTL", frame)] }))).toBeNull();
    const animationFrame = Buffer.alloc(16);
    animationFrame.writeUIntLE(9_999, 6, 3);
    animationFrame.writeUIntLE(9_999, 9, 3);
    expect(keptPhoto(webpPhoto({ flags: 0x02, chunks: [webpChunk("ANMF", animationFrame)] }))).toBeNull();
  });

  it("is left out when it is no image of a kept type or its structure is broken", () => {
    expect(keptPhoto(Buffer.from("not a photo"))).toBeNull();
    expect(keptPhoto(Buffer.alloc(0))).toBeNull();
    // A JPEG's magic number and noise: no frame to read its size from.
    expect(keptPhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]))).toBeNull();
    const jpeg = jpegPhoto();
    expect(keptPhoto(jpeg.subarray(0, 30))).toBeNull();
    // Cut before its end: no EOI.
    expect(keptPhoto(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    const png = pngPhoto();
    expect(keptPhoto(png.subarray(0, png.length - 20))).toBeNull();
    // A PNG whose first chunk is not its header, and one of no width.
    expect(keptPhoto(Buffer.concat([png.subarray(0, 8), pngChunk("tEXt", Buffer.from("a\0b")), png.subarray(8)]))).toBeNull();
    expect(keptPhoto(pngPhoto({ width: 0 }))).toBeNull();
    // A segment whose length runs past the file, and one whose length is no length.
    const long = jpegSegment(0xe1, Buffer.alloc(10));
    long.writeUInt16BE(60_000, 2);
    expect(keptPhoto(jpegPhoto({ segments: [long] }))).toBeNull();
    const none = jpegSegment(0xe3, Buffer.alloc(0));
    none.writeUInt16BE(1, 2);
    expect(keptPhoto(jpegPhoto({ segments: [none] }))).toBeNull();
    const gif = gifPhoto();
    expect(keptPhoto(gif.subarray(0, gif.length - 1))).toBeNull();
  });

  it("is left out, at once, when it is made of more parts than any picture has", () => {
    const empties = Array.from({ length: 30_000 }, () => jpegSegment(0xe3, Buffer.alloc(0)));
    expect(keptPhoto(jpegPhoto({ segments: empties }))).toBeNull();
    expect(keptPhoto(pngPhoto({ chunks: Array.from({ length: 30_000 }, () => pngChunk("sPLT", Buffer.alloc(0))) }))).toBeNull();
  });

  it("keeps a JPEG's picture, colours and orientation and nothing else: Exif, XMP, IPTC, comments, other apps' segments", () => {
    const exif = exifBlock([
      { tag: ORIENTATION, value: 6 },
      { tag: GPS_DIRECTORY, value: 1_000, long: true },
    ]);
    const xmp = Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${PLACE}</exif:GPSLatitude></x:xmpmeta>`, "latin1");
    const profile = jpegSegment(0xe2, Buffer.from("ICC_PROFILE\0\x01\x01colours", "latin1"));
    const jfif = jpegSegment(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"));
    const adobe = jpegSegment(0xee, Buffer.from("Adobe\0\x64\0\0\0\0\x01", "latin1"));
    const photo = jpegPhoto({
      width: 640,
      height: 480,
      segments: [
        jfif,
        jpegSegment(0xe1, Buffer.concat([exif, place()])),
        jpegSegment(0xe1, xmp),
        profile,
        adobe,
        // A second Exif block, a FlashPix or MPF block in APP2, and the APP3 to APP15 other software writes.
        jpegSegment(0xe1, Buffer.concat([exifBlock([{ tag: ORIENTATION, value: 3 }]), place()])),
        jpegSegment(0xe2, Buffer.concat([Buffer.from("MPF\0", "latin1"), place()])),
        ...[0xe3, 0xe4, 0xe5, 0xeb, 0xec, 0xef].map((app) => jpegSegment(app, Buffer.concat([exif, place()]))),
        jpegSegment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), place()])),
        jpegSegment(0xfe, place("Taken at ")),
      ],
    });
    expect(has(photo, PLACE)).toBe(true);

    const kept = keptPhoto(photo)!;
    expect(kept.contentType).toBe("image/jpeg");
    expect(has(kept.bytes, PLACE)).toBe(false);
    // What stays: JFIF, the first Exif block's orientation alone, the colour profile, Adobe's, then the picture.
    const orientation = jpegSegment(0xe1, exifBlock([{ tag: ORIENTATION, value: 6 }]));
    expect(kept.bytes).toEqual(
      Buffer.concat([photo.subarray(0, 2), jfif, orientation, profile, adobe, jpegFrame(640, 480), fromScan(photo)]),
    );
  });

  it("keeps a JPEG's scans and the tables between them, and leaves out what follows its end or hides between scans", () => {
    const table = jpegSegment(0xc4, Buffer.from([0x10, ...Array<number>(16).fill(0)]));
    const [first, second] = [jpegScan(), jpegScan()];
    // A progressive JPEG's scans, with a comment and an Exif block between them, then after its end a phone's second
    // picture (MPO) with its own Exif, and a video with a place atom.
    const secondPicture = jpegPhoto({ segments: [jpegSegment(0xe1, Buffer.concat([exifBlock([]), place()]))] });
    const photo = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      jpegFrame(64, 48),
      table,
      first,
      jpegSegment(0xfe, place()),
      jpegSegment(0xe1, Buffer.concat([exifBlock([]), place()])),
      table,
      second,
      JPEG_END,
      secondPicture,
      Buffer.from("....ftypmp42....\xa9xyz", "latin1"),
      place(),
    ]);
    const kept = keptPhoto(photo)!;
    expect(has(kept.bytes, PLACE)).toBe(false);
    expect(kept.bytes).toEqual(Buffer.concat([Buffer.from([0xff, 0xd8]), jpegFrame(64, 48), table, first, table, second, JPEG_END]));
  });

  it("keeps no Exif segment for a JPEG that stands upright", () => {
    const kept = keptPhoto(jpegPhoto({ segments: [jpegSegment(0xe1, exifBlock([{ tag: ORIENTATION, value: 1 }]))] }))!;
    expect(has(kept.bytes, "Exif")).toBe(false);
  });

  it("keeps a real camera JPEG's picture byte for byte", () => {
    const photo = readFileSync(sharedData("barcodes", "ean13-001.jpg"));
    const kept = keptPhoto(photo)!;
    expect(fromScan(kept.bytes)).toEqual(fromScan(photo).subarray(0, fromScan(kept.bytes).length));
    expect(kept.bytes.subarray(-2)).toEqual(JPEG_END);
    expect(kept.bytes.includes(photo.subarray(photo.indexOf(Buffer.from([0xff, 0xc0])), photo.indexOf(Buffer.from([0xff, 0xda]))))).toBe(
      true,
    );
  });

  it("keeps a PNG's drawing chunks only: text, Exif of any name, time and other software's chunks left out", () => {
    const metadata = [
      pngChunk("tEXt", place("Location\0")),
      pngChunk("eXIf", Buffer.concat([exifBlock([{ tag: ORIENTATION, value: 3 }]).subarray(6), place()])),
      pngChunk("exIf", place()),
      pngChunk("zxIf", place()),
      pngChunk("vpAg", place()),
      pngChunk("tIME", Buffer.alloc(7)),
      pngChunk("iTXt", place("Author\0\0\0\0\0")),
    ];
    const colour = [pngChunk("gAMA", Buffer.from([0, 0, 0xb1, 0x8f])), pngChunk("pHYs", Buffer.alloc(9))];
    const picture = pngPhoto({ chunks: colour });
    const idat = picture.subarray(33 + colour.reduce((sum, chunk) => sum + chunk.length, 0) + 8, picture.length - 16);
    const photo = Buffer.concat([pngPhoto({ chunks: [...metadata, ...colour], imageData: idat }), place()]);
    const kept = keptPhoto(photo)!;
    expect(has(photo, PLACE)).toBe(true);
    expect(has(kept.bytes, PLACE)).toBe(false);
    // What is left is the picture with its colour chunks, byte for byte, and nothing after its end.
    expect(kept.bytes).toEqual(picture);
  });

  it("keeps a WebP's drawing chunks only, with its flags and size mended", () => {
    const photo = webpPhoto({
      width: 300,
      height: 200,
      flags: 0x08 | 0x04 | 0x10,
      chunks: [webpChunk("EXIF", place("MM\0*")), webpChunk("XMP ", place("<x>")), webpChunk("META", place())],
    });
    const kept = keptPhoto(photo)!;
    expect(kept.contentType).toBe("image/webp");
    expect(has(kept.bytes, PLACE)).toBe(false);
    // The alpha flag stays; the RIFF size is the file's own; the picture is the one without them.
    expect(kept.bytes[20]).toBe(0x10);
    expect(kept.bytes.readUInt32LE(4)).toBe(kept.bytes.length - 8);
    expect(kept.bytes.subarray(30)).toEqual(webpPhoto({ width: 300, height: 200 }).subarray(30));
  });

  it("keeps a GIF's frames, timing and loop, and leaves out comments and other applications' blocks", () => {
    const timing = gifExtension(0xf9, Buffer.from([0, 10, 0, 0]));
    const loop = gifExtension(0xff, Buffer.from("NETSCAPE2.0\x03\x01\0\0", "latin1"));
    const photo = gifPhoto({
      blocks: [
        gifExtension(0xfe, place("Taken at ")),
        gifExtension(0xff, Buffer.concat([Buffer.from("XMP DataXMP", "latin1"), place()])),
        loop,
        timing,
      ],
    });
    const kept = keptPhoto(photo)!;
    expect(kept.contentType).toBe("image/gif");
    expect(has(photo, PLACE)).toBe(true);
    expect(has(kept.bytes, PLACE)).toBe(false);
    expect(kept.bytes.includes(loop) && kept.bytes.includes(timing)).toBe(true);
    expect(kept.bytes.subarray(-1)).toEqual(Buffer.from([0x3b]));
  });
});
