import { useSyncExternalStore } from "react";
import { clearOutbox } from "./outbox";
import { ANSWERS_CACHE } from "./kept-answers";

/** The new version's service worker, installed and waiting for the open pages to let it take over. */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const setWaiting = (worker: ServiceWorker | null) => {
  waiting = worker;
  listeners.forEach((listener) => listener());
};

/**
 * Registers the service worker (decision 0038) after the page has loaded, so it never competes with the page's own
 * requests. A new version found later waits: this page's code keeps running, and `useNewVersion` offers a reload.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const { serviceWorker } = navigator;
  void serviceWorker.register("/sw.js").then(
    (registration) => {
      // Only an update waits while a worker already controls the page; the first install just takes over.
      const watch = (worker: ServiceWorker | null) => {
        if (!worker || !serviceWorker.controller) return;
        if (worker.state === "installed") setWaiting(worker);
        else worker.addEventListener("statechange", () => worker.state === "installed" && setWaiting(worker));
      };
      watch(registration.waiting ?? registration.installing);
      registration.addEventListener("updatefound", () => watch(registration.installing));
      // A page left open for days still learns of deploys: look when the cook comes back to it.
      document.addEventListener(
        "visibilitychange",
        () => document.visibilityState === "visible" && void registration.update().catch(() => {}),
      );
    },
    () => {},
  );
}

/** The waiting new version, and the reload into it: the new worker takes over, then the page loads its code. */
export function useNewVersion(): { ready: boolean; reload: () => void } {
  const worker = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
  return {
    ready: worker !== null,
    reload: () => {
      if (!worker) return;
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      worker.postMessage("skip-waiting");
    },
  };
}

/** Signing out: the kept answers and waiting changes of this account leave the device with it. */
export async function forgetOfflineData(): Promise<void> {
  await Promise.all(["caches" in window ? caches.delete(ANSWERS_CACHE) : undefined, clearOutbox().catch(() => undefined)]);
}
