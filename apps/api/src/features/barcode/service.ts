import { categoryFromKeywords, isValidBarcode } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { appError, notFound } from "../../lib/errors";
import { spend, type Limit } from "../../lib/rate-limit";
import type { Context } from "../../trpc/context";
import { cachedProduct, rememberProduct, type BarcodeProduct } from "./queries";

export const INVALID_BARCODE = "Enter a barcode of 8, 12, 13 or 14 digits with a valid check digit";
export const PRODUCT_NOT_FOUND = "Product not found";

const MINUTE = 60_000;
/**
 * Open Food Facts allows about 15 product reads a minute per address, and all of Kim shares one: each user gets a
 * few of those a minute, and the whole server (every process) never asks for more. Cached codes cost nothing
 * upstream, so the per-user limit on all lookups is looser.
 */
export const LIMITS = {
  lookupsPerUser: { max: 30, windowMs: MINUTE },
  upstreamPerUser: { max: 6, windowMs: MINUTE },
  upstreamPerServer: { max: 15, windowMs: MINUTE },
} satisfies Record<string, Limit>;

const TOO_MANY = "Too many barcode lookups.";
const BUSY = "Barcode lookups are busy right now; add the product by hand or scan again later.";

/** The product behind a barcode: from the cache, else from Open Food Facts (and then cached). */
export async function findProduct(ctx: Context, userId: string, code: string): Promise<BarcodeProduct> {
  if (!isValidBarcode(code)) throw appError("BAD_REQUEST", INVALID_BARCODE);
  await spend(ctx, { key: `barcode:user:${userId}`, limit: LIMITS.lookupsPerUser, refusal: TOO_MANY });

  const hit = await cachedProduct(ctx.db, code);
  if (hit) {
    if (!hit.found) throw notFound(PRODUCT_NOT_FOUND);
    return { name: hit.name ?? "", category: hit.category ?? "Other", brand: hit.brand };
  }

  await spend(ctx, { key: `barcode:upstream:user:${userId}`, limit: LIMITS.upstreamPerUser, refusal: TOO_MANY });
  await spend(ctx, { key: "barcode:upstream", limit: LIMITS.upstreamPerServer, refusal: BUSY });
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
