import { existsSync } from "node:fs";

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
