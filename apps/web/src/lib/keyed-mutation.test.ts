import { describe, expect, it } from "vitest";
import { IntentKeys, newIdempotencyKey, type KeyedCallOptions } from "./keyed-mutation";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A call that records the key it was sent with, and fails while `failing` is set. */
function recorder() {
  const keys: string[] = [];
  const state = { failing: false };
  const call = async ({ context }: KeyedCallOptions) => {
    keys.push(context.idempotencyKey);
    if (state.failing) throw new Error("offline");
    return "saved";
  };
  return { keys, state, call };
}

describe("newIdempotencyKey", () => {
  it("makes v4 UUIDs, a new one each time", () => {
    const keys = Array.from({ length: 100 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(100);
  });
});

describe("IntentKeys", () => {
  it("sends one input twice at once with one key (a double click)", async () => {
    const intents = new IntentKeys();
    const r = recorder();
    const onion = { name: "Onion", quantity: 1 };
    await Promise.all([intents.send(onion, r.call), intents.send({ ...onion }, r.call)]);
    expect(r.keys).toHaveLength(2);
    expect(r.keys[0]).toBe(r.keys[1]);
  });

  it("keeps the key of an input until it succeeds, then gives the same input a new one (a new intent)", async () => {
    const intents = new IntentKeys();
    const r = recorder();
    const onion = { name: "Onion", quantity: 1 };
    r.state.failing = true;
    await expect(intents.send(onion, r.call)).rejects.toThrow("offline");
    r.state.failing = false;
    await intents.send(onion, r.call);
    await intents.send(onion, r.call);
    expect(r.keys[1]).toBe(r.keys[0]);
    expect(r.keys[2]).not.toBe(r.keys[0]);
  });

  it("gives a failed input a new key once its intent went elsewhere (kept offline with the old key)", async () => {
    const intents = new IntentKeys();
    const r = recorder();
    const onion = { name: "Onion", quantity: 1 };
    r.state.failing = true;
    await expect(intents.send(onion, r.call)).rejects.toThrow("offline");
    intents.forget(onion);
    r.state.failing = false;
    await intents.send(onion, r.call);
    expect(r.keys[1]).not.toBe(r.keys[0]);
  });

  it("gives different inputs different keys", async () => {
    const intents = new IntentKeys();
    const r = recorder();
    await Promise.all([intents.send({ name: "Onion" }, r.call), intents.send({ name: "Leek" }, r.call)]);
    expect(r.keys[0]).not.toBe(r.keys[1]);
  });
});
