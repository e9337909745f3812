import { History } from "lucide-react";

/** Tells the cook that a form holds what they typed before their session ended, not yet saved. */
export function DraftRestoredNotice() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
      <History className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>You were logged out before this was saved. We kept what you typed: check it and save again.</span>
    </p>
  );
}
