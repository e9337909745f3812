import { MEAL_TYPES, type MealType } from "@kim/domain";
import { cn } from "@kim/ui/lib/utils";
import { MEAL_LABELS, slotKey, type MealPlan, type WeekDay } from "./planner-week";
import { SlotMeals, type SlotActions } from "./slot-meals";

export interface WeekViewProps extends SlotActions {
  label: string;
  days: readonly WeekDay[];
  today: string;
  /** The week's meals by slot; undefined while they load. */
  slots: ReadonlyMap<string, MealPlan[]> | undefined;
}

/**
 * The week as a table: days across, breakfast, lunch and dinner down. At least 800 px wide (spec section 9), so in a
 * narrow window the table scrolls sideways in its own box while the meal names stay pinned on the left. Phones get
 * the day list instead.
 */
export function WeekGrid({ label, days, today, slots, ...actions }: WeekViewProps) {
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
                  {...actions}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface SlotCellProps extends SlotActions {
  day: WeekDay;
  mealType: MealType;
  isToday: boolean;
  meals: MealPlan[] | undefined;
  bordered: boolean;
}

function SlotCell({ day, mealType, isToday, meals, bordered, ...actions }: SlotCellProps) {
  const slot = { date: day.date, mealType };
  return (
    <td data-slot-key={slotKey(slot)} className={cn("p-2 align-top not-last:border-r", bordered && "border-t", isToday && "bg-primary/5")}>
      <SlotMeals slot={slot} name={`${mealType} on ${day.name}`} meals={meals} {...actions} />
    </td>
  );
}
