import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The page's navigations, as session-lost.ts makes them (href for the sign-in entry, assign for the goodbye page). */
function stubLocation() {
  const went: string[] = [];
  const location = {
    set href(url: string) {
      went.push(url);
    },
    assign: (url: string) => went.push(url),
  };
  vi.stubGlobal("window", { location });
  return went;
}

// The module keeps its state (the session lost once per page): each test loads it afresh.
const load = async () => {
  vi.resetModules();
  return import("./session-lost");
};

/** The toast's code loads before the redirect's delay starts: until its timer is set. */
async function delayStarted() {
  while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
}

describe("the sign-in redirect after a lost session", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("goes to the sign-in entry after the spec's delay", async () => {
    const went = stubLocation();
    const { signalSessionLost, LOGIN_ENTRY, SIGN_OUT_DELAY_MS } = await load();
    signalSessionLost();
    await delayStarted();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS - 1);
    expect(went).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(went).toEqual([LOGIN_ENTRY]);
  });

  it("waits for a step that ends the session on purpose, and leaves its page alone", async () => {
    const went = stubLocation();
    const { signalSessionLost, holdSignInRedirect, leaveSignedOut, SIGN_OUT_DELAY_MS } = await load();
    const release = holdSignInRedirect();
    signalSessionLost();
    await delayStarted();
    // The step's outcome comes long after the delay (a slow network): the redirect has not called its page off.
    await vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS * 10);
    expect(went).toEqual([]);
    leaveSignedOut("/?account=deleted");
    release();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS);
    expect(went).toEqual(["/?account=deleted"]);
  });

  it("goes once the step has failed (the session ended otherwise), released twice or not", async () => {
    const went = stubLocation();
    const { signalSessionLost, holdSignInRedirect, LOGIN_ENTRY, SIGN_OUT_DELAY_MS } = await load();
    const first = holdSignInRedirect();
    const second = holdSignInRedirect();
    signalSessionLost();
    await delayStarted();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS);
    first();
    first();
    expect(went).toEqual([]);
    second();
    expect(went).toEqual([LOGIN_ENTRY]);
  });
});
