import { useSyncExternalStore } from "react";
import { retryingLoader as sharedRetryingLoader, type RetryingLoader } from "@kim/ui/lib/retrying-loader";

/**
 * Code that loads after the page (dialogs, pages, the toaster) can fail to arrive: the cook is offline for a moment,
 * or Kim was redeployed and the old build's files are gone. A failure is never kept: the next attempt fetches again
 * (the browser retries a failed import; React.lazy would keep the rejection), loads that failed are tried again
 * when the browser is back online, and one notice (ChunkLoadNotice) says what happened instead of an error page.
 */

/** Why code did not arrive: no network, or (online, yet failing) a file the current build no longer has. */
export type ChunkProblem = "offline" | "updated";

let problem: ChunkProblem | null = null;
const listeners = new Set<() => void>();
/** Loads that failed, tried again when the browser is back online. */
const retries = new Set<() => void>();

function setProblem(next: ChunkProblem | null): void {
  if (next === problem) return;
  problem = next;
  for (const listener of listeners) listener();
}

/** Records a failed load and says why it failed; `retry` runs once when the browser is back online. */
export function reportChunkFailure(retry?: () => void): ChunkProblem {
  const reason: ChunkProblem = navigator.onLine ? "updated" : "offline";
  if (retry && reason === "offline") retries.add(retry);
  // An update needs a reload whatever else happens; being offline does not hide it.
  if (problem !== "updated") setProblem(reason);
  return reason;
}

export function dismissChunkProblem(): void {
  setProblem(null);
}

if (typeof window !== "undefined")
  window.addEventListener("online", () => {
    if (problem === "offline") setProblem(null);
    const pending = [...retries];
    retries.clear();
    for (const retry of pending) retry();
  });

export function useChunkProblem(): ChunkProblem | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => problem,
  );
}

/** packages/ui's retryingLoader with the notice: each failure is reported, and tried again once back online. */
export function retryingLoader<T>(importer: () => Promise<T>): RetryingLoader<T> {
  return sharedRetryingLoader(importer, reportChunkFailure);
}

/** The browsers' messages for a dynamic import that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/.test(
      error.message,
    )
  );
}
