import { WEEKDAYS, addDays, isKitchenDate, startOfWeek, weekDates, type MealType } from "@kim/domain";
import type { RouterOutputs } from "../../lib/trpc";

export type MealPlan = RouterOutputs["mealPlans"]["list"][number];

/** One place in the grid: a day and a meal of it. */
export interface Slot {
  date: string;
  mealType: MealType;
}

export const MEAL_LABELS: Record<MealType, string> = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" };

export interface PlannerSearch {
  /** The Monday of the week shown; without it, the cook's current week. */
  week?: string | undefined;
}

/**
 * The planner's URL search, so a reload or a shared link keeps the week. Any day is taken to its Monday; anything
 * else, or a year no kitchen plans for, falls back to this week (and the weeks either side stay yyyy-MM-dd).
 */
export function plannerSearch(search: Record<string, unknown>): PlannerSearch {
  const { week } = search;
  const usable = typeof week === "string" && isKitchenDate(week);
  // Said even when unset: the router would otherwise pass the raw value through from the root route's search.
  return { week: usable ? startOfWeek(week) : undefined };
}

/**
 * The Monday `weeks` weeks on from `monday` (back, when negative); undefined past the weeks the planner shows, which
 * plannerSearch would answer with this week.
 */
export function shiftWeek(monday: string, weeks: number): string | undefined {
  const week = addDays(monday, 7 * weeks);
  return isKitchenDate(week) ? week : undefined;
}

/** The Monday of the week shown, `today` being the cook's date. */
export const shownMonday = (search: PlannerSearch, today: string) => search.week ?? startOfWeek(today);

// Fixed to English and UTC like weekLabel, so a day reads "Nov 23" beside 'Week of Nov 23, 2026' wherever the cook is.
const dayAndMonth = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** The seven days from `monday`: date, weekday ("Mon"), day of the month ("Nov 23") and both ("Mon, Nov 23"). */
export function weekDays(monday: string) {
  return weekDates(monday).map((date, i) => {
    const day = dayAndMonth.format(new Date(`${date}T00:00:00Z`));
    return { date, weekday: WEEKDAYS[i]!, day, name: `${WEEKDAYS[i]}, ${day}` };
  });
}

export type WeekDay = ReturnType<typeof weekDays>[number];

export const slotKey = (slot: Slot) => `${slot.date}:${slot.mealType}`;

/** The week's meals by slot, in the order the server sends them (as added). */
export function mealsBySlot(meals: readonly MealPlan[]): Map<string, MealPlan[]> {
  const slots = new Map<string, MealPlan[]>();
  for (const meal of meals) {
    const key = slotKey(meal);
    const slot = slots.get(key);
    if (slot) slot.push(meal);
    else slots.set(key, [meal]);
  }
  return slots;
}
