import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

/** Whether the browser has a network now (navigator.onLine), redrawn when that changes. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

/** Runs `f` each time the network comes back; answers the function that stops it. */
export function onReconnect(f: () => void): () => void {
  window.addEventListener("online", f);
  return () => window.removeEventListener("online", f);
}

/**
 * A call that failed while the browser has no network: the change can wait for it. A call that failed online (a
 * dropped request, a refusal) fails as before, so the cook hears of it at once rather than waiting for an "online"
 * that never comes.
 */
export const isOfflineError = () => !navigator.onLine;
