import { Link } from "@tanstack/react-router";
import { Plus, X } from "lucide-react";
import { isKitchenDate, MAX_MEALS_PER_SLOT } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { cn } from "@kim/ui/lib/utils";
import { Skeleton } from "@kim/ui/skeleton";
import { slotKey, type MealPlan, type Slot } from "./planner-week";
import { MemberName } from "../households/member-name";

/** What the week grid and the phone's day list both need to draw and change slots. */
export interface SlotActions {
  /** The meal whose removal is under way. */
  removingId: string | undefined;
  onAdd: (slot: Slot, name: string) => void;
  /** A + button is about to be used: a chance to load the dialog and the recipes first. */
  onAddIntent: () => void;
  onRemove: (meal: MealPlan) => void;
}

/** Puts focus in a slot: on its + button, or when the slot is full, on its last meal's remove button. */
export function focusSlot(slot: Slot): void {
  const cell = document.querySelector(`[data-slot-key="${slotKey(slot)}"]`);
  const buttons = Array.from(cell?.querySelectorAll<HTMLElement>("button") ?? []);
  (buttons.find((b) => b.hasAttribute("data-add-meal")) ?? buttons.at(-1))?.focus();
}

interface SlotMealsProps extends SlotActions {
  slot: Slot;
  /** The slot in words, e.g. "breakfast on Mon, Nov 23". */
  name: string;
  /** Undefined while the week loads. */
  meals: MealPlan[] | undefined;
  /** The + as a small square beside the meals (the phone's list) rather than a row of its own. */
  compact?: boolean;
}

/** A slot's meals and its + button. */
export function SlotMeals({ slot, name, meals, compact = false, removingId, onAdd, onAddIntent, onRemove }: SlotMealsProps) {
  if (meals === undefined) return <Skeleton className="h-8" />;
  return (
    <div className={cn("grid gap-2", compact && "grid-cols-[minmax(0,1fr)_auto] items-start")}>
      {meals.length > 0 ? (
        <ul className="grid gap-2">
          {meals.map((meal) => (
            <li key={meal.id}>
              <MealItem meal={meal} slotName={name} removing={meal.id === removingId} onRemove={onRemove} />
            </li>
          ))}
        </ul>
      ) : null}
      {/* A slot holds at most three meals (spec section 9): the + goes once it is full, and on the last week's days in 3000. */}
      {meals.length < MAX_MEALS_PER_SLOT && isKitchenDate(slot.date) ? (
        <Button
          variant="ghost"
          size={compact ? "icon" : "sm"}
          data-add-meal
          aria-label={`Add ${name}`}
          className={cn("border border-dashed text-muted-foreground hover:text-foreground", compact ? "col-start-2" : "w-full")}
          onClick={() => onAdd(slot, name)}
          onPointerEnter={onAddIntent}
          onFocus={onAddIntent}
        >
          <Plus aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

interface MealItemProps {
  meal: MealPlan;
  slotName: string;
  removing: boolean;
  onRemove: (meal: MealPlan) => void;
}

function MealItem({ meal, slotName, removing, onRemove }: MealItemProps) {
  // The title has the card's whole width (a day is about 65 px wide on a phone); the remove button sits below it.
  return (
    <div data-meal className="rounded-md border bg-background px-2 pt-1.5 pb-1 shadow-xs">
      {meal.recipe ? (
        <Link
          to="/cooking/$id"
          params={{ id: meal.recipe.id }}
          className="line-clamp-3 font-medium break-words hover:underline focus-visible:underline"
        >
          {meal.recipe.title}
        </Link>
      ) : (
        // The recipe was deleted; the meal keeps its place until removed.
        <p className="text-muted-foreground italic">Recipe removed</p>
      )}
      <MemberName id={meal.createdBy} verb="Planned by" />
      {meal.notes ? (
        <p className="mt-0.5 line-clamp-2 text-xs break-words text-muted-foreground" title={meal.notes}>
          {meal.notes}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-1">
        <span className="text-xs text-muted-foreground">{meal.servings > 1 ? `${meal.servings} servings` : null}</span>
        <Button
          variant="ghost"
          size="icon"
          className="-mr-1.5 size-6 text-muted-foreground hover:text-destructive aria-disabled:opacity-50"
          aria-label={`Remove ${meal.recipe?.title ?? "removed recipe"} from ${slotName}`}
          // Not `disabled`, which would drop the focus to the page: after a failed removal it is still here.
          aria-disabled={removing}
          onClick={() => !removing && onRemove(meal)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
