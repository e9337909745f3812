import { useState } from "react";
import { FlaskConical, X } from "lucide-react";
import { BETA_BANNER } from "@kim/domain/accounts/texts";

const DISMISSED_KEY = "kim:beta-banner-dismissed";

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** The spec's beta banner, wrapped on a phone rather than cut short; dismissed once, it stays away. */
export function BetaBanner() {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage blocked: hidden until the next page load.
    }
  };
  return (
    <div
      role="note"
      className="border-b border-amber-300 bg-amber-50 py-1 pr-2 pl-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{BETA_BANNER.title}</strong> - {BETA_BANNER.text}
        </p>
        <button
          type="button"
          aria-label="Dismiss beta banner"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:hover:bg-amber-900"
          onClick={dismiss}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
