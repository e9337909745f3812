import { useEffect, useRef } from "react";
import { MEAL_TYPES } from "@kim/domain";
import { cn } from "@kim/ui/lib/utils";
import { MEAL_LABELS, slotKey } from "./planner-week";
import { SlotMeals } from "./slot-meals";
import type { WeekViewProps } from "./week-grid";

/**
 * The week on a phone: one card a day, top to bottom, each with its breakfast, lunch and dinner (as Mealie does).
 * An empty slot is a line with its + at the end, so the whole week is a short scroll down and never sideways.
 */
export function DayList({ label, days, today, slots, ...actions }: WeekViewProps) {
  const todayCard = useRef<HTMLLIElement>(null);
  const scrolled = useRef(false);
  // Today may be the last of seven cards, far below the fold: once the week has drawn (its cards at their height), the
  // first time only, so the page never jumps back to it while the cook plans elsewhere.
  useEffect(() => {
    if (scrolled.current || !slots || !todayCard.current) return;
    scrolled.current = true;
    todayCard.current.scrollIntoView({ block: "nearest" });
  }, [slots]);
  return (
    <ol className="grid gap-3" aria-label={label} aria-busy={slots ? undefined : true}>
      {days.map((d) => {
        const isToday = d.date === today;
        return (
          <li
            key={d.date}
            ref={isToday ? todayCard : undefined}
            aria-current={isToday ? "date" : undefined}
            className={cn("rounded-xl border bg-card shadow-sm", isToday && "border-primary/60 bg-primary/5")}
          >
            <h3 className="flex items-baseline gap-2 border-b px-4 py-2 font-semibold">
              <span className={cn(isToday && "text-primary")}>{d.name}</span>
              {isToday ? <span className="text-xs font-medium text-primary">Today</span> : null}
            </h3>
            <div className="divide-y">
              {MEAL_TYPES.map((mealType) => {
                const slot = { date: d.date, mealType };
                return (
                  <div
                    key={mealType}
                    data-slot-key={slotKey(slot)}
                    className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-2 px-4 py-2"
                  >
                    <h4 className="py-2 text-sm font-medium text-muted-foreground">{MEAL_LABELS[mealType]}</h4>
                    <SlotMeals
                      slot={slot}
                      name={`${mealType} on ${d.name}`}
                      meals={slots ? (slots.get(slotKey(slot)) ?? []) : undefined}
                      compact
                      {...actions}
                    />
                  </div>
                );
              })}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
