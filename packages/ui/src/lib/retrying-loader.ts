import { useEffect, useState } from "react";

/**
 * Code loaded after the page (dialogs, the sidebar's phone panel, the toaster) can fail to arrive: the cook is offline
 * for a moment, or Kim was redeployed and the old build's files are gone. React.lazy keeps a rejected import for good
 * and throws it into the page's error boundary; a RetryingLoader keeps a success and forgets a failure, so the next
 * attempt fetches again (the browser retries a failed import of the same URL).
 */
export interface RetryingLoader<T> {
  /** The loaded value, once it has arrived. */
  current: () => T | undefined;
  /** Loads (or returns the load under way); a failure is reported, forgotten, and tried again once back online. */
  load: () => Promise<T>;
}

/** Tries `retry` once, when the browser is next online (now, if it claims to be). */
function retryWhenOnline(retry: () => void): void {
  if (!navigator.onLine) window.addEventListener("online", retry, { once: true });
}

/**
 * Wraps a dynamic import so its success is kept and its failure is not. `onFailure` hears of each failure with a retry
 * to run once the browser is back online; by default the loader runs it on the next `online` event itself (the web
 * app's wrapper also shows its notice, apps/web/src/lib/chunk-load.ts).
 */
export function retryingLoader<T>(importer: () => Promise<T>, onFailure: (retry: () => void) => void = retryWhenOnline): RetryingLoader<T> {
  let value: { loaded: T } | undefined;
  let pending: Promise<T> | undefined;
  const load = (): Promise<T> => {
    if (value) return Promise.resolve(value.loaded);
    pending ??= importer().then(
      (loaded) => {
        value = { loaded };
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        onFailure(() => void load().catch(() => undefined));
        throw error;
      },
    );
    return pending;
  };
  return { current: () => value?.loaded, load };
}

/**
 * The loader's value once loaded, starting the load while `wanted`; a failure leaves the page as it is and is tried
 * again when `attempt` changes (the next opening) or the browser is back online.
 */
export function useLoaded<T>(loader: RetryingLoader<T>, wanted: boolean, attempt?: unknown): T | undefined {
  const [, setLoaded] = useState(0);
  const value = loader.current();
  useEffect(() => {
    if (!wanted || value) return;
    let current = true;
    const load = () =>
      void loader.load().then(
        () => current && setLoaded((n) => n + 1),
        () => undefined,
      );
    load();
    window.addEventListener("online", load);
    return () => {
      current = false;
      window.removeEventListener("online", load);
    };
  }, [loader, wanted, attempt, value]);
  return value;
}
