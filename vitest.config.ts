import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const dbTests = ["packages/db/src/**/*.test.ts", "apps/api/src/**/*.test.ts"];
// A worker runs its test files one after another in one module graph rather than loading the app's modules again for
// each file: that loading was about half the CPU of a run. Every file still starts from its own database and app; a
// test must not count on module state (a cache's size, say) being fresh (decision 0032).
const shared = { testTimeout: 30_000, hookTimeout: 60_000, isolate: false };
// Files that measure their own process (its CPU time, its event loop's busy share, its memory) run each in a fresh
// one: what earlier files left in a shared process (a larger heap to collect, a worker finishing) would count in them.
const measuring = [
  "apps/api/src/http.test.ts",
  "apps/api/src/features/extraction/html/html-recipes.test.ts",
  "apps/api/src/features/extraction/html/html-scaling.test.ts",
  "apps/api/src/features/extraction/extraction-health.test.ts",
  "apps/api/src/features/extraction/extraction-pdf.test.ts",
  "apps/api/src/features/extraction/pdf/pdf-recipes.test.ts",
  "apps/api/src/lib/safe-fetch.test.ts",
  "packages/domain/src/recipes/ingredient-line.test.ts",
];
const alone = { ...shared, isolate: true, include: measuring };
const together = { ...shared, exclude: [...configDefaults.exclude, ...measuring] };
// The labelled ingredient lines are read here for packages/domain's tests, which do no I/O.
const pglite = {
  env: { KIM_TEST_DB: "pglite" },
  globalSetup: ["packages/db/src/pglite-template.ts", "apps/api/src/testing/labelled-lines.ts"],
};
const postgres = { env: { KIM_TEST_DB: "postgres" } };

// Database tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is a single worker on a two-core machine; the tests spend much
    // of their time waiting on PostgreSQL, child processes and worker threads, so a second worker uses the idle core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { ...together, ...pglite, name: "pglite", include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts"] } },
      { test: { ...alone, ...pglite, name: "pglite-alone" } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            { test: { ...together, ...postgres, name: "postgres", include: dbTests } },
            { test: { ...alone, ...postgres, name: "postgres-alone", include: measuring.filter((file) => file.startsWith("apps/api/")) } },
          ]
        : []),
    ],
  },
});
