import { OpenFoodFacts } from "@openfoodfacts/openfoodfacts-nodejs";
import { storable } from "@kim/domain";
import { z } from "zod";

export const OFF_TIMEOUT_MS = 3000;
export const USER_AGENT = "Kim/0.1 (kitchen assistant; https://github.com/kim-app/kim)";
const FIELDS = "product_name,generic_name,brands,categories";

export type OffLookup =
  | { kind: "found"; name: string; brand: string | null; categories: string }
  | { kind: "not-found" }
  | { kind: "unavailable"; reason: "timeout" | "error"; detail: string };

/** Open Food Facts asks API users to name themselves; each call also gets a hard time limit. */
function kimFetch(timeoutMs: number) {
  return (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    headers.set("User-Agent", USER_AGENT);
    return fetch(input, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
  };
}

/**
 * A field Kim asked for, as one line Kim can store and show: a product without it leaves it out (or null). Its text is
 * anyone's who edits the open database, so control characters (NUL among them, which PostgreSQL refuses) become
 * spaces, a lone surrogate U+FFFD, and it is cut to `max` characters, as long as the form that shows it takes.
 */
const field = (max: number) =>
  z
    .string()
    .nullish()
    // A lone surrogate is swapped after the cut, which may split a pair.
    .transform((value) =>
      storable(
        (value ?? "")
          .replace(/[\p{Cc}\s]+/gu, " ")
          .trim()
          .slice(0, max),
      ).trim(),
    );

/** The v2 product endpoint's answer for a known code, with only the fields Kim asks for; an answer is input like any other. */
const productAnswer = z.object({
  product: z.object({ product_name: field(200), generic_name: field(200), brands: field(1_000), categories: field(10_000) }),
});
/** Its answer for an unknown code (also sent with a 404). */
const noProductAnswer = z.object({ status: z.literal(0) });

/**
 * Looks up products on Open Food Facts' v2 product endpoint, through its official client (one per process), asking
 * only for what Kim uses, each call cut off after `timeoutMs`. An answer in any other shape is "unavailable", as a
 * failing service is.
 */
export function productLookup(baseUrl: string, timeoutMs = OFF_TIMEOUT_MS): (code: string) => Promise<OffLookup> {
  const off = new OpenFoodFacts(kimFetch(timeoutMs), { host: baseUrl });
  return async (code) => {
    try {
      const { data, response } = await off.apiv2.client.GET("/api/v2/product/{code}", {
        params: { path: { code }, query: { fields: FIELDS } },
      });
      if (response.status === 404 || (response.ok && noProductAnswer.safeParse(data).success)) return { kind: "not-found" };
      if (!response.ok) return { kind: "unavailable", reason: "error", detail: `HTTP ${response.status}` };
      const answer = productAnswer.safeParse(data);
      if (!answer.success) return { kind: "unavailable", reason: "error", detail: `unexpected answer: ${z.prettifyError(answer.error)}` };
      const p = answer.data.product;
      const brand = p.brands.split(",")[0]?.trim().slice(0, 100) || null;
      return { kind: "found", name: p.product_name || p.generic_name, brand, categories: p.categories };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      return { kind: "unavailable", reason: timedOut ? "timeout" : "error", detail: err instanceof Error ? err.message : String(err) };
    }
  };
}
