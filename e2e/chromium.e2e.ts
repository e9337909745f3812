import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "./chromium";

describe("the tests' Chromium", () => {
  it("starts with one --disable-features: Playwright's own list and the omnibox's WebUI", async () => {
    // Chromium tells its command line over CDP only to an automation client that says so.
    const browser = await chromium.launch(chromiumLaunchOptions(["--enable-automation"]));
    try {
      const cdp = await browser.newBrowserCDPSession();
      const { arguments: args } = await cdp.send("Browser.getBrowserCommandLine");
      // A second one (Playwright's, when its list no longer matches ours) would win, as the last does.
      const disabled = args.filter((arg) => arg.startsWith("--disable-features="));
      expect(disabled).toHaveLength(1);
      const features = disabled[0]!.slice("--disable-features=".length).split(",");
      expect(features).toEqual(expect.arrayContaining(["PaintHolding", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
    } finally {
      await browser.close();
    }
  });
});
