import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const dbTests = ["packages/db/src/**/*.test.ts", "apps/api/src/**/*.test.ts"];
// A worker runs its test files one after another in one module graph rather than loading the app's modules again for
// each file: that loading was about half the CPU of a run. Every file still starts from its own database and app; a
// test must not count on module state (a cache's size, say) being fresh (decision 0032).
const shared = { testTimeout: 30_000, hookTimeout: 60_000, isolate: false };

// Database tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is a single worker on a two-core machine; the tests spend much
    // of their time waiting on PostgreSQL, child processes and worker threads, so a second worker uses the idle core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...shared,
          name: "pglite",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts"],
          env: { KIM_TEST_DB: "pglite" },
          globalSetup: ["packages/db/src/pglite-template.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: "postgres", include: dbTests, env: { KIM_TEST_DB: "postgres" } } }]
        : []),
    ],
  },
});
