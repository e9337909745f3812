import { existsSync } from "node:fs";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");

/**
 * A path in the shared test data (barcode photos, recipe pages and PDFs, ingredient lines), which lives beside the
 * repository, never in it: ../shared/data, or where KIM_SHARED_DATA points, or the workspace's /work/shared/data
 * (a clone elsewhere, as CI makes, has no ../shared).
 */
export function sharedData(...parts: string[]): string {
  const candidates = [path.resolve(repoRoot, "../shared/data"), process.env.KIM_SHARED_DATA, "/work/shared/data"];
  const root = candidates.find((dir): dir is string => !!dir && existsSync(dir));
  if (!root) throw new Error(`shared test data not found; looked in ${candidates.filter(Boolean).join(", ")}`);
  return path.join(root, ...parts);
}
