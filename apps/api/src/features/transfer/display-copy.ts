import sharp from "sharp";
import { PHOTO_PIXELS } from "./photos";

/**
 * A photo's display copy: what the cards (about 400 px wide) and cooking mode (up to 288 px) are sent in the place of
 * the original, which may be 10 MB and 40 megapixels. At most 1,280 px on its longer side (a card's width at a phone's
 * 3x screen), never enlarged, turned upright by its Exif orientation, WebP, and nothing but the picture in it (sharp
 * writes no metadata unless asked). The original is kept for exports (decision 0048, "Display copies").
 */
export const DISPLAY_COPY = {
  side: 1_280,
  quality: 80,
  /** WebP's encoding effort (0 to 6): at 2 a copy takes half the time of the default 4, for 3% more bytes. */
  effort: 2,
  contentType: "image/webp",
  /** One photo's decoding and encoding at most: a 40-megapixel PNG takes about a second of one core. */
  timeoutSeconds: 20,
  /** Display copies made at once in one thread (the import's worker, or the server's thread for photos kept before). */
  atOnce: 1,
  /**
   * An import's time for copies, of its worker's 5 minutes: about 600 photos at 0.1 s each under load (a Paprika file
   * of a large collection); the photos after them get their copy the first time they are shown.
   */
  importSeconds: 60,
} as const;

// libvips keeps recent images and operations for reuse; each photo is made once, so the cache only holds memory.
sharp.cache(false);
// One core an image: the server has few, and one import must not take them all.
sharp.concurrency(1);

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `make` when fewer than DISPLAY_COPY.atOnce others run, in the order asked. */
async function inTurn<T>(make: () => Promise<T>): Promise<T> {
  if (running >= DISPLAY_COPY.atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await make();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * The display copy of a photo keptPhoto has kept (its type and pixels already checked), or null when sharp can't draw
 * it (data the walk did not catch as broken, or past the time bound): such a photo is left out, as a broken one is. An
 * animated GIF or WebP gives its first frame. Made in turn with the thread's others.
 */
export function displayCopy(photo: Buffer): Promise<Buffer | null> {
  return inTurn(() => drawn(photo));
}

/**
 * Runs `work` in the thread's turn for display copies, given the unqueued maker: a photo kept before display copies is
 * read from the database only once its turn comes, so a page of 50 such cards holds one original in memory, not 50.
 */
export function inDisplayTurn<T>(work: (copy: (photo: Buffer) => Promise<Buffer | null>) => Promise<T>): Promise<T> {
  return inTurn(() => work(drawn));
}

function drawn(photo: Buffer): Promise<Buffer | null> {
  return sharp(photo, { limitInputPixels: PHOTO_PIXELS, failOn: "error", animated: false })
    .autoOrient()
    .resize({ width: DISPLAY_COPY.side, height: DISPLAY_COPY.side, fit: "inside", withoutEnlargement: true })
    .webp({ quality: DISPLAY_COPY.quality, effort: DISPLAY_COPY.effort })
    .timeout({ seconds: DISPLAY_COPY.timeoutSeconds })
    .toBuffer()
    .catch(() => null);
}
