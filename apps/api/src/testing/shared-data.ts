import { existsSync } from "node:fs";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");

/**
 * A path in the shared test data (barcode photos, recipe pages and PDFs, ingredient lines), which lives beside the
 * repository, never in it: where KIM_SHARED_DATA points, or ../shared/data beside the repository's folder.
 */
export function sharedData(...parts: string[]): string {
  const candidates = [process.env.KIM_SHARED_DATA, path.resolve(repoRoot, "../shared/data")];
  const root = candidates.find((dir): dir is string => !!dir && existsSync(dir));
  if (!root) throw new Error(`shared test data not found; looked in ${candidates.filter(Boolean).join(", ")} (set KIM_SHARED_DATA)`);
  return path.join(root, ...parts);
}
