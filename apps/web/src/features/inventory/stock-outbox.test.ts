import { describe, expect, it } from "vitest";
import { reloadWaiting, waitingStock } from "./stock-outbox";

describe("the inventory changes waiting on the device", () => {
  it("stay the same list when a reload finds none, as on every page load, so nothing is drawn again", async () => {
    // No IndexedDB here: the device keeps nothing, as a cook's with no change waiting.
    const before = waitingStock();
    await reloadWaiting();
    await reloadWaiting();
    expect(waitingStock()).toBe(before);
    expect(before).toEqual([]);
  });
});
