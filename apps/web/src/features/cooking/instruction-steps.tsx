import { useId, useMemo } from "react";
import { Timer } from "lucide-react";
import { findStepDurations, formatTimer, type CookingTimer } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@kim/ui/card";
import { Checkbox } from "@kim/ui/checkbox";
import { durationLabel, findStepTimer, isFinished, stepTimer, type StepTimer } from "./step-timer";

interface InstructionStepsProps {
  steps: string[];
  checked: boolean[];
  onCheck: (index: number, checked: boolean) => void;
  timers: CookingTimer[];
  onStartTimer: (stepTimer: StepTimer) => void;
  onShowTimer: (timer: CookingTimer) => void;
}

/**
 * Runs `act` (which may add a timer to the panel above the steps, on a phone) and scrolls by what that moved `button`,
 * so it stays under the finger: a double tap's second tap landed on the step's text below and ticked the step.
 */
function keepInPlace(button: HTMLElement, act: () => void): void {
  const top = button.getBoundingClientRect().top;
  act();
  requestAnimationFrame(() => {
    const moved = button.getBoundingClientRect().top - top;
    if (moved !== 0) window.scrollBy({ top: moved, behavior: "instant" });
  });
}

export function InstructionSteps({ steps, checked, onCheck, timers, onStartTimer, onShowTimer }: InstructionStepsProps) {
  const id = useId();
  const durations = useMemo(() => steps.map(findStepDurations), [steps]);
  const done = checked.filter(Boolean).length;
  return (
    <Card className="gap-4" role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-heading`}>Instructions</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {done} of {steps.length} completed
        </p>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2">
          {steps.map((step, i) => (
            <li key={i} className="flex items-start gap-3 rounded-lg p-2 has-[input:checked]:bg-muted/60">
              <Checkbox id={`${id}-${i}`} className="mt-0.5" checked={checked[i] ?? false} onChange={(e) => onCheck(i, e.target.checked)} />
              <div className="min-w-0 flex-1">
                <label htmlFor={`${id}-${i}`} className="block cursor-pointer">
                  <span className="block text-sm font-semibold text-primary">Step {i + 1}</span>
                  <span className={checked[i] ? "break-words text-muted-foreground line-through" : "break-words"}>{step}</span>
                </label>
                {durations[i]?.length ? (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {durations[i].map((duration, j) => {
                      const started = stepTimer(i + 1, step, duration);
                      const timer = findStepTimer(timers, started);
                      // While the step's timer counts (or is paused), a tap goes to it rather than starting a second one.
                      return timer && !isFinished(timer) ? (
                        <Button key={j} variant="secondary" size="sm" onClick={() => onShowTimer(timer)}>
                          <Timer aria-hidden="true" />
                          Timer {timer.isRunning ? "running" : "paused"}{" "}
                          <span className="tabular-nums">{formatTimer(timer.remaining)}</span>
                        </Button>
                      ) : (
                        <Button
                          key={j}
                          variant="outline"
                          size="sm"
                          onClick={(e) => keepInPlace(e.currentTarget, () => onStartTimer(started))}
                        >
                          <Timer aria-hidden="true" />
                          Start {durationLabel(duration.seconds)} timer
                          {/* A step with two times says which each is for ("cook", "simmer"). */}
                          {durations[i]!.length > 1 && started.action ? `: ${started.action}` : null}
                        </Button>
                      );
                    })}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
