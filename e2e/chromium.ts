import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The system Chromium (Debian's package), or CHROMIUM_PATH. */
export function chromiumPath(): string {
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error("No Chromium found: install Debian's chromium package or set CHROMIUM_PATH");
  return found;
}

/**
 * Flags for every Chromium the tests and benches start: this machine's closed network refuses Chromium's own
 * background connections, many at a time, so they are turned off.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The features Playwright turns off itself (playwright-core 1.65's chromiumSwitches), in its order. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium 156 builds its address bar's popup from WebUI in every browser, headless too: a renderer loading about 300
 * chrome:// files beside each page, on the same two cores as the page and the server.
 */
const OMNIBOX_WEBUI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * How the tests and benches start Chromium. Chromium reads only the last `--disable-features`, so ours repeats
 * Playwright's list and Playwright's own is left out; if Playwright's list changes, its flag no longer matches the one
 * left out, and chromium.e2e.ts fails on the two flags.
 */
export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI].join(",")}`, ...extraArgs],
    ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(",")}`],
  };
}
