import { FlaskConical } from "lucide-react";
import { BETA_BANNER } from "@kim/domain";

export function BetaBanner() {
  return (
    <div
      role="note"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{BETA_BANNER.title}</strong> - {BETA_BANNER.text}
        </span>
      </p>
    </div>
  );
}
