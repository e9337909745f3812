import { useSyncExternalStore } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
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
 * Registers the service worker (decision 0038) once the first screen has settled: the page loaded, its route resolved,
 * no query fetching, then at the browser's next idle moment. Installing stores every file of the build; started at
 * `load`, which comes before a screen's code and data have arrived, it competed with them (on Lighthouse's phone it was
 * half the signed-in pages' blocking time: docs/performance.md).
 */
export function registerServiceWorkerWhenSettled(router: AnyRouter, queryClient: QueryClient): void {
  if (!("serviceWorker" in navigator)) return;
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  const resolved = new Promise<void>((resolve) => {
    if (router.state.status === "idle" && router.state.resolvedLocation) return resolve();
    const stop = router.subscribe("onResolved", () => {
      stop();
      resolve();
    });
  });
  const quiet = () =>
    new Promise<void>((resolve) => {
      if (queryClient.isFetching() === 0) return resolve();
      const stop = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() > 0) return;
        stop();
        resolve();
      });
    });
  // Safari has no requestIdleCallback: a second's wait stands in for it.
  const idle = () =>
    new Promise<void>((resolve) =>
      "requestIdleCallback" in window ? requestIdleCallback(() => resolve(), { timeout: 5_000 }) : setTimeout(resolve, 1_000),
    );
  void Promise.all([loaded, resolved]).then(quiet).then(idle).then(registerServiceWorker);
}

/** A new version found later waits: this page's code keeps running, and `useNewVersion` offers a reload. */
function registerServiceWorker(): void {
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
