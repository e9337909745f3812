import { describe, expect, it } from "vitest";
import { reducer, type ToasterToast } from "./use-toast";

const add = (toasts: ToasterToast[], toast: ToasterToast) => reducer({ toasts }, { type: "ADD_TOAST", toast }).toasts;

describe("toasts", () => {
  it("show one at a time, the newest", () => {
    expect(add([{ id: "1", title: "Saved" }], { id: "2", title: "Failed to save" })).toEqual([{ id: "2", title: "Failed to save" }]);
  });

  it("never replace a final toast (the page is leaving), whatever order they come in", () => {
    const signedOut: ToasterToast = { id: "1", title: "Unauthorized", final: true };
    expect(add([{ id: "0", title: "Failed to save" }], signedOut)).toEqual([signedOut]);
    expect(add([signedOut], { id: "2", title: "Failed to save" })).toEqual([signedOut]);
  });
});
