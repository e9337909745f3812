import { RECIPE_FIELDS } from "@kim/domain";

// The router's validateSearch for /recipes/new runs in the app's entry chunk: this module imports only the recipe
// field list (a module that imports nothing), so the form's code (and zod, through @kim/domain) stays in the page's
// own chunk.

/**
 * Search parameters that prefill the form (spec: from extraction), as the router parsed them. Beyond the spec's list:
 * `imageUrl`, and `sourceUrl`, the page an import read, or `source=pdf` for a PDF's; either marks the prefill as that
 * import's reading.
 */
export type RecipePrefill = Partial<Record<(typeof PREFILL_KEYS)[number], unknown>>;

const PREFILL_KEYS = [...RECIPE_FIELDS, "sourceUrl", "source"] as const;

/** Keeps only the parameters the form reads; the router's validateSearch for /recipes/new. */
export function recipePrefillSearch(search: Record<string, unknown>): RecipePrefill {
  const prefill: RecipePrefill = {};
  for (const key of PREFILL_KEYS) if (search[key] !== undefined) prefill[key] = search[key];
  return prefill;
}
