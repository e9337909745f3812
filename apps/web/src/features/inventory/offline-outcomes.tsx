import { Button } from "@kim/ui/button";
import { describeOutcome } from "./stock-changes";
import { dismissOutcomes, useOutcomes } from "./stock-outbox";

/**
 * What became of the changes made offline that could not be applied as made (an ingredient deleted or changed on
 * another device meanwhile, a refusal): all of them, together and until dismissed, where a toast would show only the
 * last one for a few seconds.
 */
export function OfflineOutcomes() {
  const outcomes = useOutcomes();
  if (outcomes.length === 0) return null;
  return (
    <section role="alert" aria-label="Changes made offline" className="grid gap-2 rounded-lg border border-destructive/50 p-4 text-sm">
      <h2 className="font-semibold">About your changes made offline</h2>
      <ul className="grid gap-2">
        {outcomes.map((outcome, i) => {
          const { title, description } = describeOutcome(outcome);
          return (
            <li key={i} data-testid="offline-outcome">
              <span className="font-medium">{title}.</span> <span className="text-muted-foreground">{description}</span>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={dismissOutcomes}>
        Dismiss
      </Button>
    </section>
  );
}
