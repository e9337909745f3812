import { Button } from "@kim/ui/button";
import type { OutboxKind } from "../lib/offline/outbox";
import { dismissOutcomes, useOutcomes } from "../lib/offline/outcomes";

/**
 * What became of a feature's changes made offline that could not be applied as made (an item deleted or changed on
 * another device meanwhile, a refusal): all of them, together and until dismissed, where a toast would show only the
 * last one for a few seconds.
 */
export function OfflineOutcomes({ kind }: { kind: OutboxKind }) {
  const outcomes = useOutcomes(kind);
  if (outcomes.length === 0) return null;
  return (
    <section role="alert" aria-label="Changes made offline" className="grid gap-2 rounded-lg border border-destructive/50 p-4 text-sm">
      <h2 className="font-semibold">About your changes made offline</h2>
      <ul className="grid gap-2">
        {outcomes.map(({ title, description }, i) => (
          <li key={i} data-testid="offline-outcome">
            <span className="font-medium">{title}.</span> <span className="text-muted-foreground">{description}</span>
          </li>
        ))}
      </ul>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => dismissOutcomes(kind)}>
        Dismiss
      </Button>
    </section>
  );
}
