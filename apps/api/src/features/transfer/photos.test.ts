import { readFileSync } from "node:fs";
import { imageSize } from "image-size";
import { describe, expect, it } from "vitest";
import { exifBlock, jpegPhoto, jpegSegment, pngChunk, pngPhoto, webpChunk, webpPhoto } from "../../testing/photos";
import { sharedData } from "../../testing/shared-data";
import { keptPhoto, PHOTO_PIXELS } from "./photos";

const ORIENTATION = 0x0112;
const GPS_DIRECTORY = 0x8825;
const PLACE = "52.3676N 4.9041E";
const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, "latin1"));

describe("a photo kept from a collection", () => {
  it("is left out when it has more pixels than a browser should decode, whatever its bytes", () => {
    // 48 KB of zeros compress a 20,000 x 20,000 PNG: 1.6 GB once a browser draws it.
    const bomb = pngPhoto({ width: 20_000, height: 20_000, imageData: Buffer.alloc(48_000) });
    expect(keptPhoto(bomb)).toBeNull();
    expect(keptPhoto(jpegPhoto({ width: 40_000, height: 1_001 }))).toBeNull();
    expect(keptPhoto(webpPhoto({ width: 16_000, height: 16_000 }))).toBeNull();
    // At the bound it is kept.
    const side = Math.floor(Math.sqrt(PHOTO_PIXELS));
    expect(keptPhoto(pngPhoto({ width: side, height: side, imageData: Buffer.alloc(10) }))?.contentType).toBe("image/png");
  });

  it("is left out when it is no image of a kept type or its structure is broken", () => {
    expect(keptPhoto(Buffer.from("not a photo"))).toBeNull();
    expect(keptPhoto(Buffer.alloc(0))).toBeNull();
    // A JPEG's magic number and noise: no frame to read its size from.
    expect(keptPhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]))).toBeNull();
    const jpeg = jpegPhoto();
    expect(keptPhoto(jpeg.subarray(0, 30))).toBeNull();
    const png = pngPhoto();
    expect(keptPhoto(png.subarray(0, png.length - 20))).toBeNull();
    // A segment whose length runs past the file.
    const long = jpegSegment(0xe1, Buffer.alloc(10));
    long.writeUInt16BE(60_000, 2);
    expect(keptPhoto(jpegPhoto({ segments: [long] }))).toBeNull();
  });

  it("leaves out a JPEG's Exif (a place among it), XMP, IPTC and comments, and keeps its orientation and colours", () => {
    const exif = exifBlock([
      { tag: ORIENTATION, value: 6 },
      { tag: GPS_DIRECTORY, value: 1_000, long: true },
    ]);
    const withPlace = Buffer.concat([exif, Buffer.from(PLACE, "latin1")]);
    const xmp = Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${PLACE}</exif:GPSLatitude></x:xmpmeta>`, "latin1");
    const profile = jpegSegment(0xe2, Buffer.from("ICC_PROFILE\0\x01\x01colours", "latin1"));
    const jfif = jpegSegment(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"));
    const photo = jpegPhoto({
      width: 640,
      height: 480,
      segments: [
        jfif,
        jpegSegment(0xe1, withPlace),
        jpegSegment(0xe1, xmp),
        profile,
        jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${PLACE}`, "latin1")),
        jpegSegment(0xfe, Buffer.from(`Taken at ${PLACE}`, "latin1")),
      ],
    });
    expect(has(photo, PLACE)).toBe(true);

    const kept = keptPhoto(photo)!;
    expect(kept.contentType).toBe("image/jpeg");
    expect(has(kept.bytes, PLACE)).toBe(false);
    expect(has(kept.bytes, "ns.adobe.com")).toBe(false);
    expect(has(kept.bytes, "Photoshop")).toBe(false);
    expect(kept.bytes.includes(jfif)).toBe(true);
    expect(kept.bytes.includes(profile)).toBe(true);
    // The orientation comes back alone, and the picture (frame, scan, data) is untouched.
    expect(kept.bytes.includes(jpegSegment(0xe1, exifBlock([{ tag: ORIENTATION, value: 6 }])))).toBe(true);
    expect(imageSize(kept.bytes)).toMatchObject({ width: 640, height: 480, orientation: 6 });
    const scan = photo.indexOf(Buffer.from([0xff, 0xda]));
    expect(kept.bytes.subarray(kept.bytes.indexOf(Buffer.from([0xff, 0xda])))).toEqual(photo.subarray(scan));
  });

  it("keeps no Exif segment for a JPEG that stands upright", () => {
    const kept = keptPhoto(jpegPhoto({ segments: [jpegSegment(0xe1, exifBlock([{ tag: ORIENTATION, value: 1 }]))] }))!;
    expect(has(kept.bytes, "Exif")).toBe(false);
  });

  it("keeps a real camera JPEG's picture byte for byte", () => {
    const photo = readFileSync(sharedData("barcodes", "ean13-001.jpg"));
    const kept = keptPhoto(photo)!;
    expect(imageSize(kept.bytes)).toMatchObject(imageSize(photo));
    const scan = photo.indexOf(Buffer.from([0xff, 0xda]));
    expect(kept.bytes.subarray(kept.bytes.indexOf(Buffer.from([0xff, 0xda])))).toEqual(photo.subarray(scan));
  });

  it("leaves out a PNG's text, Exif and time chunks and keeps its picture", () => {
    const metadata = [
      pngChunk("tEXt", Buffer.from(`Location\0${PLACE}`, "latin1")),
      pngChunk("eXIf", exifBlock([{ tag: ORIENTATION, value: 3 }]).subarray(6)),
      pngChunk("tIME", Buffer.alloc(7)),
      pngChunk("iTXt", Buffer.from(`Author\0\0\0\0\0${PLACE}`, "latin1")),
    ];
    const picture = pngPhoto();
    const photo = pngPhoto({ chunks: metadata, imageData: picture.subarray(33 + 8, picture.length - 16) });
    const kept = keptPhoto(photo)!;
    expect(has(photo, PLACE)).toBe(true);
    expect(has(kept.bytes, PLACE)).toBe(false);
    // What is left is the picture without them, byte for byte.
    expect(kept.bytes).toEqual(picture);
    expect(imageSize(kept.bytes)).toMatchObject({ width: 8, height: 8 });
  });

  it("leaves out a WebP's Exif and XMP chunks and their flags", () => {
    const photo = webpPhoto({
      width: 300,
      height: 200,
      flags: 0x08 | 0x04 | 0x10,
      chunks: [webpChunk("EXIF", Buffer.from(`MM\0*${PLACE}`, "latin1")), webpChunk("XMP ", Buffer.from(`<x>${PLACE}</x>`, "latin1"))],
    });
    const kept = keptPhoto(photo)!;
    expect(kept.contentType).toBe("image/webp");
    expect(has(kept.bytes, PLACE)).toBe(false);
    // The alpha flag stays; the RIFF size is the file's own.
    expect(kept.bytes[20]).toBe(0x10);
    expect(kept.bytes.readUInt32LE(4)).toBe(kept.bytes.length - 8);
    expect(imageSize(kept.bytes)).toMatchObject({ width: 300, height: 200 });
  });
});
