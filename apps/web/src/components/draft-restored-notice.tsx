import { History } from "lucide-react";
import { Button } from "@kim/ui/button";
import type { DraftReason } from "../lib/form-draft";

interface DraftRestoredNoticeProps {
  reason?: DraftReason;
  /** What the cook left unsaved: a page, or a form in a dialog. */
  place?: "page" | "form";
  onDiscard?: () => void;
}

/**
 * Tells the cook that a form holds what they typed before, not yet saved: before their session ended, or before
 * they left the page (or closed the form). `onDiscard` offers to start again from what is saved.
 */
export function DraftRestoredNotice({ reason = "session", place = "page", onDiscard }: DraftRestoredNoticeProps) {
  return (
    <div role="status" className="flex flex-wrap items-start gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
      <History className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {reason === "session" ? "You were logged out before this was saved." : `You left this ${place} before saving.`} We kept what you
        typed: check it and save again.
      </p>
      {onDiscard ? (
        <Button type="button" variant="outline" size="sm" onClick={onDiscard}>
          Discard draft
        </Button>
      ) : null}
    </div>
  );
}
