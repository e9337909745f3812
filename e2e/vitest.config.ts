import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time: a browser test waits on pages and the server much of its time, so a second one fills the idle core.
    maxWorkers: 2,
  },
});
