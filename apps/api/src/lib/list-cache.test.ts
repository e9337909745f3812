import { describe, expect, it } from "vitest";
import { ListCache } from "./list-cache";
import { RawJson } from "./raw-json";

const json = (text: string) => new RawJson<unknown>(text);

describe("ListCache", () => {
  it("answers what was stored under its version", () => {
    const cache = new ListCache<unknown>();
    const first = json("[1]");
    cache.set("a", 3, first);
    expect(cache.get("a")).toEqual({ version: 3, value: first });
    cache.set("a", 4, json("[1,2]"));
    expect(cache.get("a")?.version).toBe(4);
    expect(cache.get("b")).toBeUndefined();
  });

  it("drops the least recently used entries beyond its size", () => {
    const cache = new ListCache<unknown>(25);
    cache.set("a", 1, json("aaaaa"));
    cache.set("b", 1, json("bbbbb"));
    cache.get("a");
    cache.set("c", 1, json("ccccc"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.value.text).toBe("aaaaa");
    expect(cache.get("c")?.value.text).toBe("ccccc");
    cache.set("huge", 1, json("x".repeat(100)));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
  });
});

describe("RawJson", () => {
  it("serializes as its parsed value and gzips once", () => {
    const value = json('[{"a":1}]');
    expect(JSON.stringify({ list: value })).toBe('{"list":[{"a":1}]}');
    expect(value.gzip()).toBe(value.gzip());
  });
});
