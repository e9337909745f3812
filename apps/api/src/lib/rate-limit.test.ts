import { createTestDatabase } from "@kim/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryExchange } from "./exchange";
import { spend } from "./rate-limit";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const count = async (key: string) =>
  (await handle.db.selectFrom("rateLimits").select("count").where("key", "=", key).executeTakeFirst())?.count ?? 0;

describe("spend", () => {
  it("refuses at the first counter past its limit and charges none after it", async () => {
    const ctx = { db: handle.db, http: memoryExchange() };
    const tight = { key: "tight", limit: { max: 2, windowMs: 60_000 }, refusal: "Too many tries." };
    const loose = { key: "loose", limit: { max: 100, windowMs: 60_000 }, refusal: "Too many tries." };
    for (let i = 0; i < 2; i++) await spend(ctx, tight, loose);
    for (let i = 0; i < 3; i++) await expect(spend(ctx, tight, loose)).rejects.toThrow(/^Too many tries\. Try again in/);
    expect([await count("tight"), await count("loose")]).toEqual([5, 2]);
  });
});
