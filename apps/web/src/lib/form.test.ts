import { TRPCClientError } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorMessage } from "./form";

describe("errorMessage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says a call that got no answer in a cook's words, online and offline", () => {
    vi.stubGlobal("navigator", { onLine: true });
    const dropped = TRPCClientError.from(new TypeError("Failed to fetch"));
    expect(errorMessage(dropped, "Please try again.")).toBe("Couldn't reach Kim: check your connection and try again.");
    expect(errorMessage(new TypeError("Load failed"), "Please try again.")).toBe(
      "Couldn't reach Kim: check your connection and try again.",
    );
    vi.stubGlobal("navigator", { onLine: false });
    expect(errorMessage(dropped, "Please try again.")).toBe("You're offline: try again once you're back online.");
  });

  it("keeps the server's message, and the screen's fallback when there is none", () => {
    expect(errorMessage(new Error("Too many exports."), "Please try again.")).toBe("Too many exports.");
    expect(errorMessage(new Error(""), "Please try again.")).toBe("Please try again.");
    expect(errorMessage("nothing", "Please try again.")).toBe("Please try again.");
  });
});
