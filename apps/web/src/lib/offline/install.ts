import { useSyncExternalStore } from "react";

/** Chromium's install offer (not in TypeScript's DOM types): shown by calling `prompt`, answered in `userChoice`. */
interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

// The browser offers to install once the app qualifies (manifest, service worker, decision 0038); its own prompt is
// held back so Kim offers it in the menu, where the cook chooses when. This module loads with the signed-in shell,
// before the offer comes (it waits for the service worker, registered at the page's load).
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event as InstallOffer;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The browser's install offer while it stands, and the call that shows it (an offer can be shown once). */
export function useInstallOffer(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(subscribe, () => offer);
  if (!current) return null;
  return async () => {
    offer = null;
    changed();
    await current.prompt();
  };
}
