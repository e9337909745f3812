import type { Database } from "@kim/db";
import { categoryFromKeywords, isValidBarcode, type Category } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { sql, type Kysely } from "kysely";
import { appError, notFound } from "../../lib/errors";
import { lookUpProduct } from "./open-food-facts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Product data changes rarely: refresh found products monthly; unknown codes may be added any day. */
const FOUND_TTL_MS = 30 * DAY_MS;
const NOT_FOUND_TTL_MS = DAY_MS;

export const INVALID_BARCODE = "Enter a barcode of 8, 12, 13 or 14 digits with a valid check digit";
export const PRODUCT_NOT_FOUND = "Product not found";

export interface BarcodeProduct {
  name: string;
  category: Category | string;
  brand: string | null;
}

async function cached(db: Kysely<Database>, code: string) {
  return db
    .selectFrom("barcodeProducts")
    .select(["found", "name", "category", "brand"])
    .where("code", "=", code)
    .where("expiresAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

async function remember(db: Kysely<Database>, code: string, product: BarcodeProduct | null): Promise<void> {
  const row = {
    code,
    found: !!product,
    name: product?.name ?? null,
    category: product?.category ?? null,
    brand: product?.brand ?? null,
    expiresAt: new Date(Date.now() + (product ? FOUND_TTL_MS : NOT_FOUND_TTL_MS)),
  };
  const { code: _code, ...update } = row;
  await db
    .insertInto("barcodeProducts")
    .values(row)
    .onConflict((oc) => oc.column("code").doUpdateSet({ ...update, fetchedAt: new Date() }))
    .execute();
}

/** The product behind a barcode: from the cache, else from Open Food Facts (and then cached). */
export async function findProduct(db: Kysely<Database>, offApiUrl: string, code: string): Promise<BarcodeProduct> {
  if (!isValidBarcode(code)) throw appError("BAD_REQUEST", INVALID_BARCODE);

  const hit = await cached(db, code);
  if (hit) {
    if (!hit.found) throw notFound(PRODUCT_NOT_FOUND);
    return { name: hit.name ?? "", category: hit.category ?? "Other", brand: hit.brand };
  }

  const answer = await lookUpProduct(offApiUrl, code);
  if (answer.kind === "unavailable") {
    throw answer.reason === "timeout"
      ? new TRPCError({ code: "GATEWAY_TIMEOUT", message: "Open Food Facts did not answer in time. Try again, or add the product by hand." })
      : new TRPCError({ code: "BAD_GATEWAY", message: "Open Food Facts is unavailable right now. Try again, or add the product by hand." });
  }
  if (answer.kind === "not-found") {
    await remember(db, code, null);
    throw notFound(PRODUCT_NOT_FOUND);
  }
  const product = { name: answer.name, category: categoryFromKeywords(answer.categories), brand: answer.brand };
  await remember(db, code, product);
  return product;
}
