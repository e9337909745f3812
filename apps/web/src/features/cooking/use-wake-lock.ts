import { useEffect } from "react";

/**
 * Keeps the screen awake while mounted, where the browser offers the Screen Wake Lock API: a cook with floury hands
 * should not have to tap the screen to read the next step. The browser drops the lock whenever the tab is hidden, so
 * it is asked for again when the tab is shown. Without the API, or when it refuses, the screen dims as usual.
 */
export function useWakeLock(): void {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let requesting = false;
    let mounted = true;

    const request = () => {
      if (requesting || document.visibilityState !== "visible" || (lock && !lock.released)) return;
      requesting = true;
      navigator.wakeLock.request("screen").then(
        (sentinel) => {
          requesting = false;
          if (mounted) lock = sentinel;
          else void sentinel.release();
        },
        () => {
          // Refused (battery saver, a policy): nothing to tell the cook.
          requesting = false;
        },
      );
    };

    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      mounted = false;
      document.removeEventListener("visibilitychange", request);
      void lock?.release().catch(() => {});
    };
  }, []);
}
