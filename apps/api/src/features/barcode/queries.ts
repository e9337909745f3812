import type { Database } from "@kim/db";
import { sql, type Kysely } from "kysely";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Product data changes rarely: refresh found products monthly; unknown codes may be added any day. */
const FOUND_TTL_MS = 30 * DAY_MS;
const NOT_FOUND_TTL_MS = DAY_MS;

export interface BarcodeProduct {
  name: string;
  category: string;
  brand: string | null;
}

/** The cached answer for a code, while it is fresh. */
export function cachedProduct(db: Kysely<Database>, code: string) {
  return db
    .selectFrom("barcodeProducts")
    .select(["found", "name", "category", "brand"])
    .where("code", "=", code)
    .where("expiresAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/** Keeps Open Food Facts' answer (a product, or null for an unknown code). */
export async function rememberProduct(db: Kysely<Database>, code: string, product: BarcodeProduct | null): Promise<void> {
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
