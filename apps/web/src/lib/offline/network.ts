import { useSyncExternalStore } from "react";
import { retryDelay } from "../retry-delay";

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
function onReconnect(f: () => void): () => void {
  window.addEventListener("online", f);
  return () => window.removeEventListener("online", f);
}

const FIRST_RETRY_MS = 2_000;

/**
 * Sends what waits on the device: now, each time the network comes back, and again after a while when a try failed
 * online and `mayPass` says it may pass later (no answer yet as "online" fires, the server restarting): 2 s on, then
 * twice as long each time, up to a minute apart. Answers the function that stops it.
 */
export function keepSending(send: () => Promise<unknown>, mayPass: (error: unknown) => boolean): () => void {
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const attempt = () => {
    clearTimeout(retry);
    send().then(
      () => (failures = 0),
      (error: unknown) => {
        if (stopped || !navigator.onLine || !mayPass(error)) return;
        retry = setTimeout(attempt, retryDelay(failures++, FIRST_RETRY_MS));
      },
    );
  };
  attempt();
  const stopListening = onReconnect(() => {
    failures = 0;
    attempt();
  });
  return () => {
    stopped = true;
    clearTimeout(retry);
    stopListening();
  };
}

/**
 * A call that failed while the browser has no network: the change can wait for it. A call that failed online (a
 * dropped request, a refusal) fails as before, so the cook hears of it at once rather than waiting for an "online"
 * that never comes.
 */
export const isOfflineError = () => !navigator.onLine;
