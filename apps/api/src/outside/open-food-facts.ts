import { OpenFoodFacts } from "@openfoodfacts/openfoodfacts-nodejs";

export const OFF_TIMEOUT_MS = 3000;
export const USER_AGENT = "Kim/0.1 (kitchen assistant; https://github.com/kim-app/kim)";
const FIELDS = "product_name,generic_name,brands,categories";

export type OffLookup =
  | { kind: "found"; name: string; brand: string | null; categories: string }
  | { kind: "not-found" }
  | { kind: "unavailable"; reason: "timeout" | "error"; detail: string };

/** Open Food Facts asks API users to name themselves; each call also gets a hard time limit. */
function kimFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set("User-Agent", USER_AGENT);
  return fetch(input, { ...init, headers, signal: AbortSignal.timeout(OFF_TIMEOUT_MS) });
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** One product from Open Food Facts' v2 product endpoint, through its official client, asking only for what Kim uses. */
export async function lookUpProduct(baseUrl: string, code: string): Promise<OffLookup> {
  const off = new OpenFoodFacts(kimFetch, { host: baseUrl });
  try {
    const { data, error, response } = await off.apiv2.client.GET("/api/v2/product/{code}", {
      params: { path: { code }, query: { fields: FIELDS } },
    });
    const body = (data ?? error) as { status?: number; product?: Record<string, unknown> } | undefined;
    if (response.status === 404 || (response.ok && body?.status === 0)) return { kind: "not-found" };
    if (!response.ok || !body?.product) {
      return { kind: "unavailable", reason: "error", detail: `HTTP ${response.status}` };
    }
    const p = body.product;
    const brand = text(p.brands).split(",")[0]?.trim() || null;
    return { kind: "found", name: text(p.product_name) || text(p.generic_name), brand, categories: text(p.categories) };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return { kind: "unavailable", reason: timedOut ? "timeout" : "error", detail: err instanceof Error ? err.message : String(err) };
  }
}
