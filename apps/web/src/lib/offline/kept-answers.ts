import type { Query, QueryClient } from "@tanstack/react-query";

/** The service worker's store of kept answers (DATA_CACHE in service-worker.js). */
export const ANSWERS_CACHE = "kim-data";
/** Same key as answerKey in service-worker.js. */
const answerKey = (procedure: string, input: unknown) =>
  `/kim-answer/${procedure}?input=${encodeURIComponent(JSON.stringify(input ?? null))}`;
/**
 * Queries whose cached answer shows changes not yet saved (the shopping list, decision 0038): their changes are kept
 * on the device apart, so only their fetched answers are kept here, and each list the server saved (keepAnswer).
 */
const SHOWS_UNSAVED = new Set(["shoppingLists.list"]);
/** Writes wait this long, so a burst of changes (checking items one after another) is written once. */
const WRITE_DELAY_MS = 1000;

const put = (cache: Cache, procedure: string, input: unknown, data: unknown) =>
  cache.put(answerKey(procedure, input), new Response(JSON.stringify(data ?? null), { headers: { "content-type": "application/json" } }));

/** Keeps `data` as the answer of a query the page shows with unsaved changes (SHOWS_UNSAVED), once the server saved it. */
export function keepAnswer(procedure: string, input: unknown, data: unknown): void {
  if ("caches" in window)
    void caches
      .open(ANSWERS_CACHE)
      .then((cache) => put(cache, procedure, input, data))
      .catch(() => {});
}

/** A tRPC query's procedure and input, from its query key ([["shoppingLists", "list"], { input, type: "query" }]). */
function procedureOf(query: Query): { procedure: string; input: unknown } | null {
  const [path, meta] = query.queryKey as [unknown, { input?: unknown; type?: string } | undefined];
  if (!Array.isArray(path) || meta?.type !== "query") return null;
  return { procedure: path.join("."), input: meta.input };
}

/**
 * Keeps every query answer the page holds, as it changes (a fetch, or a change shown at once with setData), where the
 * service worker answers from when the network is gone (decision 0038): so a screen seen once opens offline with
 * what it last showed, the cook's own changes included.
 */
export function keepAnswers(queryClient: QueryClient): void {
  if (!("caches" in window)) return;
  // Each answer as it was when it came: a list fetched and then changed on screen with unsaved changes (SHOWS_UNSAVED)
  // must be kept as fetched, not as the page shows it a second later.
  const due = new Map<string, { query: Query; data: unknown }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    timer = undefined;
    const cache = await caches.open(ANSWERS_CACHE);
    const answers = [...due.values()];
    due.clear();
    await Promise.all(
      answers.map(({ query, data }) => {
        const call = procedureOf(query);
        // A query dropped since (signing out clears them all) is not written back.
        if (!call || queryClient.getQueryCache().get(query.queryHash) !== query) return undefined;
        return put(cache, call.procedure, call.input, data);
      }),
    );
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const call = procedureOf(event.query);
    if (!call || (event.action.manual && SHOWS_UNSAVED.has(call.procedure))) return;
    due.set(event.query.queryHash, { query: event.query, data: event.action.data });
    timer ??= setTimeout(() => void write().catch(() => {}), WRITE_DELAY_MS);
  });
}
