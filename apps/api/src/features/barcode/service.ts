import { categoryFromKeywords, isValidBarcode } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { appError, notFound } from "../../lib/errors";
import { releaseSlot, reserveSlot, type Pace } from "../../lib/pacing";
import { spend, type Limit } from "../../lib/rate-limit";
import type { Context } from "../../trpc/context";
import { cachedProduct, rememberProduct, type BarcodeProduct } from "./queries";

export const INVALID_BARCODE = "Enter a barcode of 8, 12, 13 or 14 digits with a valid check digit";
export const PRODUCT_NOT_FOUND = "Product not found";

const MINUTE = 60_000;
/** Lookups of any code, cached or not, by one user. */
export const LOOKUPS_PER_USER: Limit = { max: 30, windowMs: MINUTE };
/**
 * Open Food Facts publishes 100 product reads a minute per address (openfoodfacts-server docs/api/index.md, "Rate
 * limits"), and every Kim process shares one: the server paces its reads to 90 a minute with 10 at once, never more
 * than 100 in any minute. A user's reads are paced to 30 a minute (10 at once), so three cooks unpacking groceries
 * together fit and none can take the whole allowance. A read that must wait a few seconds for its slot waits; one
 * that would wait longer is refused with the time to wait.
 */
export const UPSTREAM_PER_USER: Pace = { perMinute: 30, burst: 10 };
export const UPSTREAM_PER_SERVER: Pace = { perMinute: 90, burst: 10 };
export const MAX_WAIT_MS = 5000;

const TOO_MANY = "Too many barcode lookups.";
const BUSY = "Barcode lookups are busy right now; add the product by hand or scan again later.";

/** Reserves this user's and the server's next Open Food Facts reads and waits for the later one, or refuses (429). */
async function waitForUpstreamSlot(ctx: Context, userId: string): Promise<void> {
  const userKey = `barcode:upstream:user:${userId}`;
  const userWait = await reserveSlot(ctx.db, userKey, UPSTREAM_PER_USER, ctx.now(), MAX_WAIT_MS);
  if (userWait === null) throw refusal(ctx, TOO_MANY, UPSTREAM_PER_USER);
  const serverWait = await reserveSlot(ctx.db, "barcode:upstream", UPSTREAM_PER_SERVER, ctx.now(), MAX_WAIT_MS);
  if (serverWait === null) {
    await releaseSlot(ctx.db, userKey, UPSTREAM_PER_USER);
    throw refusal(ctx, BUSY, UPSTREAM_PER_SERVER);
  }
  const wait = Math.max(userWait, serverWait);
  if (wait > 0) await ctx.wait(wait);
}

/** A 429 telling the client to come back once a slot is within reach again. */
function refusal(ctx: Context, message: string, pace: Pace): TRPCError {
  const seconds = Math.ceil((MAX_WAIT_MS + 60_000 / pace.perMinute) / 1000);
  ctx.http.header("retry-after", String(seconds));
  return new TRPCError({ code: "TOO_MANY_REQUESTS", message: `${message} Try again in ${seconds} seconds.` });
}

/** The product behind a barcode: from the cache, else from Open Food Facts (and then cached). */
export async function findProduct(ctx: Context, userId: string, code: string): Promise<BarcodeProduct> {
  if (!isValidBarcode(code)) throw appError("BAD_REQUEST", INVALID_BARCODE);
  await spend(ctx, { key: `barcode:user:${userId}`, limit: LOOKUPS_PER_USER, refusal: TOO_MANY });

  const hit = await cachedProduct(ctx.db, code);
  if (hit) {
    if (!hit.found) throw notFound(PRODUCT_NOT_FOUND);
    return { name: hit.name ?? "", category: hit.category ?? "Other", brand: hit.brand };
  }

  await waitForUpstreamSlot(ctx, userId);
  const answer = await ctx.clients.openFoodFacts(code);
  if (answer.kind === "unavailable") {
    throw answer.reason === "timeout"
      ? new TRPCError({
          code: "GATEWAY_TIMEOUT",
          message: "Open Food Facts did not answer in time. Try again, or add the product by hand.",
        })
      : new TRPCError({ code: "BAD_GATEWAY", message: "Open Food Facts is unavailable right now. Try again, or add the product by hand." });
  }
  if (answer.kind === "not-found") {
    await rememberProduct(ctx.db, code, null);
    throw notFound(PRODUCT_NOT_FOUND);
  }
  const product = { name: answer.name, category: categoryFromKeywords(answer.categories), brand: answer.brand };
  await rememberProduct(ctx.db, code, product);
  return product;
}
