import { useSyncExternalStore } from "react";
import { TRPCClientError } from "@trpc/client";

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

/** A call that never reached the server (no network, or it dropped on the way), as opposed to one it refused. */
export const isOfflineError = (error: unknown) =>
  !navigator.onLine || (error instanceof TRPCClientError && error.cause instanceof TypeError && error.data === undefined);
