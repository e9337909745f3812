import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";

/** What a change tells (GET /api/events, decision 0037): never the data, which the caches refetch. */
type LiveKind = "shoppingList" | "mealPlan" | "inventory" | "recipes";

/** The procedures whose cached answers each kind of change makes stale (tRPC's query keys start with their path). */
const STALE: Record<LiveKind, string[]> = {
  shoppingList: ["shoppingLists"],
  mealPlan: ["mealPlans"],
  inventory: ["inventory", "insights"],
  // Meals show their recipe's title.
  recipes: ["recipes", "mealPlans"],
};

/** Waits before opening a refused or failed stream again: doubling from 1 s to a minute, spread a little. */
function backoff(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** failures) * (0.75 + Math.random() / 2);
}

/**
 * Keeps this tab's screens current with changes made elsewhere (another tab, another device, someone sharing the
 * kitchen): one stream of server-sent events per tab while signed in, each change refetching the caches it makes
 * stale. Mounted once, in the signed-in layout.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => followChanges(queryClient), [queryClient]);
}

function followChanges(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  /** The versions the server last said this tab knows of: a new stream catches up from them. */
  let lastId = "";
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const stale = new Set<LiveKind>();

  // While this tab is saving, its screens show changes not yet saved: a refetch then would take them off for a
  // moment, so it waits until the saves are done.
  const refresh = () => {
    if (stale.size === 0 || queryClient.isMutating() > 0) return;
    for (const kind of stale) for (const path of STALE[kind]) void queryClient.invalidateQueries({ queryKey: [[path]] });
    stale.clear();
  };
  const stopWatchingSaves = queryClient.getMutationCache().subscribe(refresh);

  const connect = () => {
    source = new EventSource(lastId ? `/api/events?since=${encodeURIComponent(lastId)}` : "/api/events");
    source.addEventListener("ready", (event) => {
      lastId = event.lastEventId;
      failures = 0;
    });
    source.onmessage = (event) => {
      lastId = event.lastEventId;
      const { kind } = JSON.parse(event.data as string) as { kind: string };
      if (!(kind in STALE)) return;
      stale.add(kind as LiveKind);
      refresh();
    };
    source.onerror = () => {
      // A dropped connection is reopened by the browser itself (with Last-Event-ID); a refusal (401, 429, 503) ends
      // the stream, and a new one is opened after a while.
      if (source?.readyState !== EventSource.CLOSED) return;
      source = null;
      retry = setTimeout(connect, backoff(failures++));
    };
  };
  connect();

  return () => {
    clearTimeout(retry);
    source?.close();
    stopWatchingSaves();
  };
}
