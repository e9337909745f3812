import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepSending } from "./network";

/** The browser as far as keepSending uses it: its network flag and the "online" event. */
function stubBrowser() {
  const window = new EventTarget();
  const navigator = { onLine: true };
  vi.stubGlobal("window", window);
  vi.stubGlobal("navigator", navigator);
  return { navigator, reconnect: () => window.dispatchEvent(new Event("online")) };
}

/** A send whose tries fail with the errors given, in turn, then pass. */
function sender(...failures: Error[]) {
  const send = vi.fn(async () => {
    const failure = failures.shift();
    if (failure) throw failure;
  });
  return send;
}

const mayPass = (error: unknown) => error instanceof TypeError;

describe("keepSending", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tries again after 2 s, then twice as long each time, until a try passes", async () => {
    stubBrowser();
    const send = sender(new TypeError("Failed to fetch"), new TypeError("Failed to fetch"), new TypeError("Failed to fetch"));
    keepSending(send, mayPass);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(send).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it("waits at most a minute between tries", async () => {
    stubBrowser();
    const send = sender(...Array.from({ length: 10 }, () => new TypeError("Failed to fetch")));
    keepSending(send, mayPass);
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 + 16_000 + 32_000);
    expect(send).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(send).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(7);
  });

  it("does not try again a failure that cannot pass, nor offline, but does when the network comes back", async () => {
    const browser = stubBrowser();
    const send = sender(new Error("Refused"));
    keepSending(send, mayPass);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(1);

    const offline = sender(new TypeError("Failed to fetch"));
    browser.navigator.onLine = false;
    keepSending(offline, mayPass);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(offline).toHaveBeenCalledTimes(1);
    browser.navigator.onLine = true;
    browser.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(offline).toHaveBeenCalledTimes(2);
  });

  it("stops trying once stopped", async () => {
    const browser = stubBrowser();
    const send = sender(new TypeError("Failed to fetch"));
    const stop = keepSending(send, mayPass);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    browser.reconnect();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
