import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whoami } from "../examples/whoami";
import { createKimClient } from "./client";
import { jsonLdFile, sampleRecipes } from "./testing/collection-samples";
import { drawnJpeg } from "./testing/photos";
import { sharedData } from "./testing/shared-data";
import { createTestApp, createUser, type TestApp } from "./testing/test-app";

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/**
 * A user made in the database, one per test so no test sees another's changes or failed sign-ins. The tests
 * still sign in for real: signing in is what the client does.
 */
const scriptUser = async (fields: { isPro?: boolean } = {}) => (await createUser(t, { password: "script password", ...fields })).email;

describe("@kim/api/client", () => {
  it("runs the README example against a live server", async () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("../examples/whoami.ts", import.meta.url), "utf8");
    expect(readme).toContain(example.trim());
    const email = await scriptUser();
    expect(await whoami(url, email, "script password")).toBe(`${email} (user, Pro access: false)`);
  });

  it("calls procedures as the signed-in user", async () => {
    const email = await scriptUser();
    const kim = await createKimClient({ url, email, password: "script password" });
    const updated = await kim.profile.update.mutate({ firstName: "Scripted" });
    expect(updated.firstName).toBe("Scripted");
    expect(await kim.auth.user.query()).toMatchObject({ email, firstName: "Scripted" });
    const stored = await t.deps.db.selectFrom("users").select("firstName").where("email", "=", email).executeTakeFirstOrThrow();
    expect(stored.firstName).toBe("Scripted");
  });

  it("applies a create once per idempotency key a script passes, answering a retry with the first answer", async () => {
    const email = await scriptUser();
    const kim = await createKimClient({ url, email, password: "script password" });
    const item = { name: "Leek", quantity: 2, unit: "units", category: "Produce" } as const;
    const idempotencyKey = crypto.randomUUID();
    const first = await kim.inventory.create.mutate(item, { context: { idempotencyKey } });
    const retry = await kim.inventory.create.mutate(item, { context: { idempotencyKey } });
    expect(retry).toEqual(first);
    await kim.inventory.create.mutate(item);
    const leeks = await t.deps.db
      .selectFrom("ingredients")
      .innerJoin("users", "users.id", "ingredients.createdBy")
      .select("ingredients.id")
      .where("users.email", "=", email)
      .execute();
    expect(leeks.map((l) => l.id)).toContain(first.id);
    expect(leeks).toHaveLength(2);
    await expect(kim.inventory.create.mutate({ ...item, quantity: 3 }, { context: { idempotencyKey } })).rejects.toThrow(
      "This Idempotency-Key was already used for a different request",
    );
  });

  it("imports a collection once per key, exports everything, and another account imports that export", async () => {
    const kim = await createKimClient({ url, email: await scriptUser(), password: "script password" });
    const idempotencyKey = crypto.randomUUID();
    const file = jsonLdFile(sampleRecipes(2, "Scripted"));
    const first = await kim.importCollection(file, { filename: "recipes.json", idempotencyKey });
    expect(first).toMatchObject({ format: "schema.org", imported: 2 });
    expect(await kim.importCollection(file, { filename: "recipes.json", idempotencyKey })).toEqual(first);
    const zip = await kim.exportAll();
    const other = await createKimClient({ url, email: await scriptUser(), password: "script password" });
    expect(await other.importCollection(zip)).toMatchObject({ format: "kim", imported: 2 });
    await expect(other.importCollection(new TextEncoder().encode("no recipes here"))).rejects.toThrow(
      /^Collection import failed \(400\): Kim can't read/,
    );
  });

  it("says why signing in failed", async () => {
    const email = await scriptUser();
    await expect(createKimClient({ url, email, password: "wrong password" })).rejects.toThrow(
      "Sign-in failed (401): Invalid email or password",
    );
  });

  it("gives a recipe a photo through the REST upload, and says why a file is refused", async () => {
    const kim = await createKimClient({ url, email: await scriptUser(), password: "script password" });
    const recipe = await kim.recipes.create.mutate({
      title: "Pictured by a script",
      ingredients: [{ name: "plums", quantity: 6, unit: "" }],
      instructions: "Bake.",
    });
    const kept = await kim.keepRecipePhoto(recipe.id, drawnJpeg(), "dish.jpg");
    expect(kept).toMatchObject({ id: recipe.id, photoUrl: expect.stringMatching(/^\/api\/recipes\/.+\/image\?v=\d+$/) });
    await expect(kim.keepRecipePhoto(recipe.id, new TextEncoder().encode("not a photo"))).rejects.toThrow(
      /^Photo refused \(400\): This file is not a photo Kim can keep/,
    );
  });

  it("imports the recipes of a PDF through the REST upload, and says why one is refused", async () => {
    const kim = await createKimClient({ url, email: await scriptUser({ isPro: true }), password: "script password" });
    const pdf = readFileSync(sharedData("recipe-pdfs", "print-weeknight-pan.pdf"));
    const found = await kim.extractFromPdf(pdf, "weeknight.pdf");
    expect(found.count).toBeGreaterThan(0);
    expect(found.recipes[0]?.ingredients[0]?.original).toEqual(expect.any(String));
    await expect(kim.extractFromPdf(new TextEncoder().encode("not a pdf"))).rejects.toThrow(
      "PDF import failed (400): Please select a PDF file",
    );
  });
});
