import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from "./testing";

/**
 * Vitest global set-up for the PGlite test project: migrates one PGlite database, once per run, and leaves its data
 * directory for every test file's createTestDatabase to start from (the test processes inherit the variable).
 */
export async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "kim-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
