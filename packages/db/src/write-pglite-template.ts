import { mkdtempSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { createDb } from "./create-db";
import { migrateToLatest } from "./migrate";

/**
 * Run by the API's build (apps/api/tsup.config.ts) with the folder to write: a migrated, empty PGlite data folder, which
 * a new DATA_DIR starts as a copy of (createDb's pgliteTemplate). The first start then skips initdb, which runs a
 * second PostgreSQL in WebAssembly beside the first (about 2.5 s and 500 MB at its peak), and the migrations.
 */
const target = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) throw new Error("usage: write-pglite-template <folder>");
const work = mkdtempSync(`${target}.writing-`);
try {
  const handle = createDb({ dataDir: work });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(path.join(work, "pglite"), target);
} finally {
  rmSync(work, { recursive: true, force: true });
}
