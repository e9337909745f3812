import { defineConfig } from "tsup";

// Workspace packages are bundled in; npm dependencies stay in node_modules.
export default defineConfig({
  // The PDF and HTML workers are files of their own, named as their sources: worker_threads start them by path.
  entry: {
    main: "src/main.ts",
    cli: "src/cli.ts",
    "pdf-worker": "src/features/extraction/pdf/pdf-worker.ts",
    "html-worker": "src/features/extraction/html/html-worker.ts",
    "collection-worker": "src/features/transfer/collection-worker.ts",
    "write-pglite-template": "../../packages/db/src/write-pglite-template.ts",
  },
  format: "esm",
  target: "node20",
  platform: "node",
  noExternal: [/^@kim\//],
  sourcemap: true,
  clean: true,
  // The migrated data folder a new embedded database starts from (main.ts; decision 0034).
  onSuccess: "node dist/write-pglite-template.js dist/pglite-template",
});
