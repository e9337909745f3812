import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(cookie: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
const someone = async () => (await createUser(t)).cookie;
const lists = async (cookie: string) => (await send(cookie, "GET", "/api/shopping-lists")).json();
const eggs = { name: "Eggs", quantity: 12, unit: "units", checked: false };

describe("shopping lists", () => {
  it("creates lists (named 'Shopping List' by default), lists them oldest first, and saves the whole list", async () => {
    const ann = await someone();
    expect(await lists(ann)).toEqual([]);
    const first = await send(ann, "POST", "/api/shopping-lists", {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: "Shopping List", items: [], version: 1 });
    await send(ann, "POST", "/api/shopping-lists", { name: "Party" });
    expect((await lists(ann)).map((l: { name: string }) => l.name)).toEqual(["Shopping List", "Party"]);

    // An item added by hand keeps its add's key: the web's identity for it.
    const milk = { name: "Milk", quantity: 1, unit: "L", addKey: "7d0e6a4c-5f1b-4c8e-9a2d-3b6f8e1c0a95" };
    const saved = await send(ann, "PATCH", `/api/shopping-lists/${first.json().id}`, { items: [eggs, milk], version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Shopping List", version: 2, items: [eggs, { ...milk, checked: false }] });
    expect((await lists(ann))[0].items[1]).toMatchObject(milk);
    const renamed = await send(ann, "PATCH", `/api/shopping-lists/${first.json().id}`, { name: "Weekly", items: [], version: 2 });
    expect(renamed.json()).toMatchObject({ name: "Weekly", items: [], version: 3 });
  });

  it("refuses a save based on an old version (409) and keeps the newer one", async () => {
    const ann = await someone();
    const list = (await send(ann, "POST", "/api/shopping-lists", {})).json();
    const url = `/api/shopping-lists/${list.id}`;
    // Two tabs save different changes made on version 1, at once: one is kept, the other is told to reload.
    const [a, b] = await Promise.all([
      send(ann, "PATCH", url, { items: [eggs], version: 1 }),
      send(ann, "PATCH", url, { items: [{ ...eggs, name: "Bread" }], version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("changed elsewhere") });
    const kept = a.statusCode === 200 ? a : b;
    expect((await lists(ann))[0]).toEqual(kept.json());
  });

  it("keeps other users' lists invisible and untouchable", async () => {
    const ann = await someone();
    const bob = await someone();
    const bobs = (await send(bob, "POST", "/api/shopping-lists", {})).json();
    expect(await lists(ann)).toEqual([]);
    const res = await send(ann, "PATCH", `/api/shopping-lists/${bobs.id}`, { items: [eggs], version: 1 });
    expect(res.statusCode).toBe(404);
    expect((await lists(bob))[0]).toEqual(bobs);
  });

  it.each([
    [{ items: [{ ...eggs, name: "" }] }, "items.0.name", "Item name is required"],
    [{ items: [{ ...eggs, quantity: -1 }] }, "items.0.quantity", "Quantity must be 0 or more"],
    [{ items: [{ ...eggs, quantity: "2" }] }, "items.0.quantity", "Quantity must be a number"],
    [{ items: [{ ...eggs, unit: "" }] }, "items.0.unit", "Unit is required"],
    [{ items: [{ ...eggs, checked: "yes" }] }, "items.0.checked", "Checked must be true or false"],
    [{ items: Array(501).fill(eggs) }, "items", "at most 500 items"],
    [{ items: "eggs" }, "items", "Items must be a list"],
    [{ items: [], version: 0 }, "version", "Version must be at least 1"],
    [{ items: [], version: undefined }, "version", "Version must be a number"],
    [{ name: " ", items: [] }, "name", "Name is required"],
  ])("answers 400 naming the field for %o, and changes nothing", async (change, field, message) => {
    const ann = await someone();
    const list = (await send(ann, "POST", "/api/shopping-lists", {})).json();
    const res = await send(ann, "PATCH", `/api/shopping-lists/${list.id}`, { version: 1, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues[0].path).toBe(`data.${field}`);
    expect((await lists(ann))[0]).toEqual(list);
  });
});
