import { createHash } from "node:crypto";

/**
 * The development data split against overfitting (decision 0040): every site (a page's host folder, a generated PDF's
 * source host, a shared PDF's file name) falls in the part read while writing rules or in the held-out part, by a hash
 * of its name alone, so the split never moves and never depends on how a page scores. Rules are written from failures
 * of the read part; the held-out part is only measured, and its failures are not printed.
 */
export type Part = "read" | "held-out";

export const PARTS: Part[] = ["read", "held-out"];

/** The part a site is in: the first byte of its name's SHA-256, even for read, odd for held out. */
export function partOf(site: string): Part {
  const byte =
    createHash("sha256")
      .update(site.toLowerCase().replace(/^www\./, ""))
      .digest()[0] ?? 0;
  return byte % 2 === 0 ? "read" : "held-out";
}
