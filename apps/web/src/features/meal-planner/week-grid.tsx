import { Link } from "@tanstack/react-router";
import { Plus, X } from "lucide-react";
import { MAX_MEALS_PER_SLOT, MEAL_TYPES, type MealType } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { cn } from "@kim/ui/lib/utils";
import { Skeleton } from "@kim/ui/skeleton";
import { MEAL_LABELS, slotKey, type MealPlan, type Slot, type WeekDay } from "./planner-week";

interface WeekGridProps {
  label: string;
  days: readonly WeekDay[];
  today: string;
  /** The week's meals by slot; undefined while they load. */
  slots: ReadonlyMap<string, MealPlan[]> | undefined;
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

/**
 * The week as a table: days across, breakfast, lunch and dinner down. At least 800 px wide (spec section 9), so on a
 * phone the table scrolls sideways in its own box while the meal names stay pinned on the left.
 */
export function WeekGrid({ label, days, today, slots, removingId, onAdd, onAddIntent, onRemove }: WeekGridProps) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
      <table className="w-full min-w-[800px] table-fixed border-separate border-spacing-0 text-sm" aria-busy={slots ? undefined : true}>
        <caption className="sr-only">{label}: breakfast, lunch and dinner for each day</caption>
        <colgroup>
          <col className="w-24" />
          {days.map((d) => (
            <col key={d.date} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className="sticky left-0 z-10 border-r border-b bg-card" />
            {days.map((d) => {
              const isToday = d.date === today;
              return (
                <th
                  key={d.date}
                  scope="col"
                  aria-current={isToday ? "date" : undefined}
                  className={cn("border-b px-2 py-3 text-center font-normal not-last:border-r", isToday && "bg-primary/10")}
                >
                  <span className={cn("block font-semibold", isToday && "text-primary")}>{d.weekday}</span>
                  <span className="block text-xs text-muted-foreground">{d.day}</span>
                  {isToday ? <span className="mt-1 block text-xs font-medium text-primary">Today</span> : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {MEAL_TYPES.map((mealType, row) => (
            <tr key={mealType}>
              <th
                scope="row"
                className={cn("sticky left-0 z-10 border-r bg-card px-3 py-3 text-left align-top font-semibold", row > 0 && "border-t")}
              >
                {MEAL_LABELS[mealType]}
              </th>
              {days.map((d) => (
                <SlotCell
                  key={d.date}
                  day={d}
                  mealType={mealType}
                  isToday={d.date === today}
                  meals={slots ? (slots.get(slotKey({ date: d.date, mealType })) ?? []) : undefined}
                  bordered={row > 0}
                  removingId={removingId}
                  onAdd={onAdd}
                  onAddIntent={onAddIntent}
                  onRemove={onRemove}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface SlotCellProps extends Pick<WeekGridProps, "removingId" | "onAdd" | "onAddIntent" | "onRemove"> {
  day: WeekDay;
  mealType: MealType;
  isToday: boolean;
  meals: MealPlan[] | undefined;
  bordered: boolean;
}

function SlotCell({ day, mealType, isToday, meals, bordered, removingId, onAdd, onAddIntent, onRemove }: SlotCellProps) {
  const slot = { date: day.date, mealType };
  const name = `${mealType} on ${day.name}`;
  return (
    <td data-slot-key={slotKey(slot)} className={cn("p-2 align-top not-last:border-r", bordered && "border-t", isToday && "bg-primary/5")}>
      {meals === undefined ? (
        <Skeleton className="h-8" />
      ) : (
        <div className="grid gap-2">
          {meals.length > 0 ? (
            <ul className="grid gap-2">
              {meals.map((meal) => (
                <li key={meal.id}>
                  <MealItem meal={meal} slotName={name} removing={meal.id === removingId} onRemove={onRemove} />
                </li>
              ))}
            </ul>
          ) : null}
          {/* A slot holds at most three meals (spec section 9): the + goes once it is full. */}
          {meals.length < MAX_MEALS_PER_SLOT ? (
            <Button
              variant="ghost"
              size="sm"
              data-add-meal
              aria-label={`Add ${name}`}
              className="w-full border border-dashed text-muted-foreground hover:text-foreground"
              onClick={() => onAdd(slot, name)}
              onPointerEnter={onAddIntent}
              onFocus={onAddIntent}
            >
              <Plus aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      )}
    </td>
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
          className="-mr-1.5 size-6 text-muted-foreground hover:text-destructive"
          aria-label={`Remove ${meal.recipe?.title ?? "removed recipe"} from ${slotName}`}
          disabled={removing}
          onClick={() => onRemove(meal)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
