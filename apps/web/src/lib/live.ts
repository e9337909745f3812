import { useEffect } from "react";
import { useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { LIVE_KINDS, parseLiveEventId, type LiveKind, type LiveVersions } from "@kim/domain";
import { retryDelay } from "./retry-delay";

/** The procedures whose cached answers each kind of change makes stale (tRPC's query keys start with their path). */
const STALE: Record<LiveKind, string[]> = {
  shoppingList: ["shoppingLists"],
  mealPlan: ["mealPlans"],
  inventory: ["inventory", "insights"],
  // Meals show their recipe's title.
  recipes: ["recipes", "mealPlans"],
};

const LIVE_PATHS = new Set(Object.values(STALE).flat());

/**
 * The oldest versions this tab's answers were read from, kind by kind (each tRPC answer's Kim-Live-Id; `noteRead`):
 * null once an answer came without them (from the service worker's store, offline), undefined before any answer.
 */
let oldestRead: LiveVersions | null | undefined;

/** Notes the versions a tRPC answer's reads started from (its Kim-Live-Id header), or that it did not say. */
export function noteRead(eventId: string | null): void {
  const read = eventId === null ? null : parseLiveEventId(eventId);
  if (!read || oldestRead === null) oldestRead = null;
  else if (!oldestRead) oldestRead = read;
  else for (const kind of LIVE_KINDS) oldestRead[kind] = Math.min(oldestRead[kind], read[kind]);
}

/**
 * Whether `query`, read before the first stream was ready at `start`, may miss a change the stream will never tell
 * of: some answer was read from versions older than the stream's for a kind that makes it stale (or did not say).
 */
function mayMiss(query: Query, start: LiveVersions | null): boolean {
  if (!start || !oldestRead) return true;
  const [path] = query.queryKey as [string[]];
  return LIVE_KINDS.some((kind) => STALE[kind].includes(path[0]!) && oldestRead![kind] < start[kind]);
}

/**
 * The answers of live kinds this tab read, or is reading, now: when its first stream opens, they may be older than the
 * versions the stream starts from. A change saved between their read and the stream's start is counted in those
 * versions, so the stream never tells of it (a tab opened or reloaded while another saved kept showing the old list).
 */
export function readSoFar(queryClient: QueryClient): Set<Query> {
  const live = (query: Query) => {
    const [path] = query.queryKey as [unknown];
    return Array.isArray(path) && LIVE_PATHS.has(path[0] as string);
  };
  const read = (query: Query) => query.state.dataUpdatedAt > 0 || query.state.fetchStatus === "fetching";
  return new Set(queryClient.getQueryCache().findAll({ predicate: (query) => live(query) && read(query) }));
}

/** Waits before opening a refused or failed stream again: doubling from 1 s to a minute, spread a little. */
function backoff(failures: number): number {
  return retryDelay(failures, 1000) * (0.75 + Math.random() / 2);
}

/**
 * Keeps this tab's screens current with changes made elsewhere (another tab, another device, someone sharing the
 * kitchen): one stream of server-sent events per tab while signed in, each change refetching the caches it makes
 * stale. Mounted once, in the signed-in layout.
 */
export function useLiveUpdates(onMoved?: () => void): void {
  const queryClient = useQueryClient();
  useEffect(() => followChanges(queryClient, onMoved), [queryClient, onMoved]);
}

/**
 * Follows the tab's stream of changes (see useLiveUpdates); answers the function that stops it. `onMoved` hears that
 * this person moved household elsewhere (removed, or joined or left in another tab), unless this tab is saving.
 */
export function followChanges(queryClient: QueryClient, onMoved?: () => void): () => void {
  let source: EventSource | null = null;
  /** The versions the server last said this tab knows of: a new stream catches up from them. */
  let lastId = "";
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const stale = new Set<LiveKind>();
  /** What this tab read before its first stream was ready (readSoFar), refetched once if it may miss a change. */
  const unsure = new Set<Query>();
  /** The versions the first stream started from. */
  let start: LiveVersions | null = null;

  // While this tab is saving, its screens show changes not yet saved: a refetch then would take them off for a
  // moment, so it waits until the saves are done.
  const refresh = () => {
    if ((stale.size === 0 && unsure.size === 0) || queryClient.isMutating() > 0) return;
    for (const kind of stale) for (const path of STALE[kind]) void queryClient.invalidateQueries({ queryKey: [[path]] });
    stale.clear();
    // A read still on its way may have read before the stream's versions too: it is read again once it has answered.
    const answered = [...unsure].filter((query) => query.state.fetchStatus !== "fetching");
    if (answered.length === 0) return;
    for (const query of answered) unsure.delete(query);
    const missing = answered.filter((query) => mayMiss(query, start));
    if (missing.length > 0) void queryClient.invalidateQueries({ predicate: (query) => missing.includes(query) });
  };
  const stopWatchingSaves = queryClient.getMutationCache().subscribe(refresh);
  const stopWatchingReads = queryClient.getQueryCache().subscribe((event) => {
    if (unsure.has(event.query)) refresh();
  });

  const connect = () => {
    source = new EventSource(lastId ? `/api/events?since=${encodeURIComponent(lastId)}` : "/api/events");
    source.addEventListener("ready", (event) => {
      // A stream that caught up from an id told of what moved since; the first starts from now.
      if (!lastId) {
        start = parseLiveEventId(event.lastEventId);
        for (const query of readSoFar(queryClient)) unsure.add(query);
      }
      lastId = event.lastEventId;
      failures = 0;
      refresh();
    });
    // This person moved household (removed, or joined or left in another tab): every screen now shows another kitchen.
    source.addEventListener("moved", () => {
      void queryClient.invalidateQueries();
      // Not over this tab's own leave or join, which says what it did.
      if (queryClient.isMutating() === 0) onMoved?.();
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
    stopWatchingReads();
  };
}
