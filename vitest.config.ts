import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const dbTests = ["packages/db/src/**/*.test.ts", "apps/api/src/**/*.test.ts"];
const shared = { testTimeout: 30_000, hookTimeout: 60_000 };

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
