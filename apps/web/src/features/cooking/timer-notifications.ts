let asked = false;

/**
 * Asks once per visit, when the cook first starts a timer (never on page load: a prompt out of nowhere gets denied,
 * and browsers block pages that ask before any interaction).
 */
export function askNotificationPermission(): void {
  if (asked || !("Notification" in window) || Notification.permission !== "default") return;
  asked = true;
  void Notification.requestPermission().catch(() => {});
}

/** The spec's notification, when the cook allowed notifications. */
export function notifyTimerComplete(name: string): void {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification(`Timer Complete: ${name}`, { body: "Your cooking timer has finished!" });
  } catch {
    // Chrome on Android shows notifications only through a service worker; the page's own alert still shows.
  }
}
