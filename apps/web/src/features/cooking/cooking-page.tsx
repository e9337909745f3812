import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Link } from "@tanstack/react-router";
import { formatTimer, instructionSteps, type CookingTimer } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { useDeferredFirst } from "../../lib/deferred-first";
import { isBadRequestError, isNotFoundError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { RecipeLoading, RecipeNotFound } from "../recipes/recipe-not-found";
import type { Recipe } from "../recipes/recipe-types";
import { CookedThisCard } from "./cooked-this-card";
import { IngredientChecklist } from "./ingredient-checklist";
import { InstructionSteps } from "./instruction-steps";
import { RecipeSummary } from "./recipe-summary";
import { findStepTimer, type StepTimer } from "./step-timer";
import { RunningTimersBar, TimersPanel } from "./timers-panel";
import { useCookingProgress } from "./use-cooking-progress";
import { useCookingTimers } from "./use-cooking-timers";
import { useWakeLock } from "./use-wake-lock";

export function CookingPage({ id }: { id: string }) {
  // The loader asked already; an answer of "not found" stays the answer rather than being asked again on mount.
  const recipe = trpc.recipes.get.useQuery({ id }, { retryOnMount: false });

  if (recipe.isPending) return <RecipeLoading />;
  if (recipe.isError) {
    // A malformed id can name no recipe either.
    if (isNotFoundError(recipe.error) || isBadRequestError(recipe.error)) return <RecipeNotFound />;
    return (
      <div className="mx-auto grid max-w-md gap-4 py-12 text-center">
        <p role="alert" className="text-destructive">
          Could not load this recipe: {recipe.error.message}
        </p>
        <div className="flex justify-center gap-2">
          <Button variant="outline" onClick={() => void recipe.refetch()}>
            Try again
          </Button>
          <Button asChild>
            <Link to="/recipes">Back to Recipes</Link>
          </Button>
        </div>
      </div>
    );
  }
  return <CookingScreen key={recipe.data.id} recipe={recipe.data} />;
}

function CookingScreen({ recipe }: { recipe: Recipe }) {
  useWakeLock();
  // The summary (the page's largest paint) draws at once; the checklist, steps and timers in a background render, which
  // yields to the browser every few milliseconds instead of holding the page's first draw as one long task.
  const drawWork = useDeferredFirst(true, false);
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <RecipeSummary recipe={recipe} />
      {drawWork ? <CookingWork recipe={recipe} /> : null}
    </div>
  );
}

function CookingWork({ recipe }: { recipe: Recipe }) {
  const steps = useMemo(() => instructionSteps(recipe.instructions), [recipe.instructions]);
  const progress = useCookingProgress(recipe.id, recipe.servings, recipe.ingredients.length, steps.length);
  const timers = useCookingTimers(recipe.id);
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the panel scrolls away above the steps: its running timers are then pinned to the bottom.
  const panelInView = useInView(panel);

  const startStepTimer = (step: StepTimer) => {
    const { name, seconds } = step;
    // The step's button starts a timer only when the step has none, or a finished one: that one starts again in its
    // place rather than a second beside it.
    const finished = findStepTimer(timers.timers, step);
    if (finished) timers.toggle(finished.id);
    else timers.add(name, seconds, true, step.key);
    // The timers may be out of view (above, on a phone): say that it runs.
    toast({ title: "Timer started", description: `${name}: ${formatTimer(seconds)}` });
  };
  // The step's timer runs already: take the cook to it, on its pause button.
  const showTimer = (timer: CookingTimer) => {
    const toggle = panel.current?.querySelector<HTMLElement>(`[data-timer-id="${CSS.escape(timer.id)}"] button`);
    toggle?.scrollIntoView({ block: "center" });
    toggle?.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="grid gap-6 lg:col-span-2">
          <div ref={panel}>
            <TimersPanel timers={timers} />
          </div>
          <IngredientChecklist
            recipe={recipe}
            servings={progress.servings}
            onServingsChange={progress.setServings}
            checked={progress.ingredients}
            onCheck={progress.checkIngredient}
          />
        </div>
        <div className="grid gap-6 lg:col-span-3">
          <InstructionSteps
            steps={steps}
            checked={progress.steps}
            onCheck={progress.checkStep}
            timers={timers.timers}
            onStartTimer={startStepTimer}
            onShowTimer={showTimer}
          />
          <CookedThisCard recipeId={recipe.id} servings={progress.servings} />
        </div>
      </div>
      <RunningTimersBar timers={timers} pinned={!panelInView} />
    </>
  );
}

/** Whether any of the element is in the window (true until first measured). */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
