import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { CalendarDays, ChevronLeft, ChevronRight, ShoppingCart, Sparkles } from "lucide-react";
import { weekLabel, weekOf, type MealPlanInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { useIsMobile } from "@kim/ui/lib/use-mobile";
import { NeedsNetwork } from "../../components/needs-network";
import { LoadFailed } from "../../components/load-failed";
import { useDeferredFirst } from "../../lib/deferred-first";
import { useOnline } from "../../lib/offline/network";
import { trpc } from "../../lib/trpc";
import { lazyDialog } from "../../lib/lazy-dialog";
import { useToday } from "../../lib/use-today";
import { mealsBySlot, shiftWeek, shownMonday, slotKey, weekDays, type MealPlan, type PlannerSearch, type Slot } from "./planner-week";
import { useMealPlanMutations } from "./use-meal-plan-mutations";
import { DayList } from "./day-list";
import { focusSlot } from "./slot-meals";
import { WeekGrid } from "./week-grid";
import { MemberNamesProvider } from "../households/member-name";

// The dialog (and zod, which checks its form) loads when first wanted, not with the week: the grid paints sooner.
const loadAddMealDialog = () => import("./add-meal-dialog");
const AddMealDialog = lazyDialog(
  () => loadAddMealDialog().then((m) => m.AddMealDialog),
  (props) => props.open,
);
const loadSuggestDialog = () => import("./suggest-meals-dialog");
const SuggestMealsDialog = lazyDialog(
  () => loadSuggestDialog().then((m) => m.SuggestMealsDialog),
  (props) => props.open,
);

export function MealPlannerPage({ search }: { search: PlannerSearch }) {
  const today = useToday();
  const monday = shownMonday(search, today);
  const list = trpc.mealPlans.list.useQuery(weekOf(monday));
  const utils = trpc.useUtils();
  const navigate = useNavigate({ from: "/meal-planner" });
  const { add, remove } = useMealPlanMutations();
  // A phone gets the week as a list of days: the 800 px grid would show two days at a time.
  const WeekView = useIsMobile() ? DayList : WeekGrid;
  const [adding, setAdding] = useState<{ slot: Slot; name: string } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const online = useOnline();
  // A meal added or removed redraws its slot, and the button that had focus may go with it (a removed meal's, or the
  // + of a slot just filled): once the grid shows the change, focus goes back into the slot.
  const refocus = useRef<{ slot: Slot; mealId: string; planned: boolean } | null>(null);
  const rendered = useRef<MealPlan[] | undefined>(undefined);
  const settleFocus = useCallback(() => {
    const wanted = refocus.current;
    const shown = rendered.current;
    if (!wanted || !shown || shown.some((m) => m.id === wanted.mealId) !== wanted.planned) return;
    refocus.current = null;
    // Only when focus was lost or is still in the slot: a cook who has moved on keeps their place.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest(`[data-slot-key="${slotKey(wanted.slot)}"]`)) focusSlot(wanted.slot);
  }, []);
  useEffect(() => {
    rendered.current = list.data;
    settleFocus();
  }, [list.data, settleFocus]);

  const label = weekLabel(monday);
  const days = useMemo(() => weekDays(monday), [monday]);
  // The first week's meals draw in a background render (a week of 21 meals at once was a long task on a phone).
  const week = useDeferredFirst(list.data, undefined);
  const slots = useMemo(() => (week ? mealsBySlot(week) : undefined), [week]);

  // Today drops the week from the address, so the link always means "this week".
  const showWeek = (week: string | undefined) => {
    refocus.current = null;
    void navigate({ search: { week } });
  };
  // Queries never go stale, so this asks the server only for a week not seen yet.
  const prefetchWeek = (week: string | undefined) => {
    if (week) void utils.mealPlans.list.prefetch(weekOf(week));
  };
  // None before 1900 or after 2999: the button is off rather than landing on this week.
  const prevWeek = shiftWeek(monday, -1);
  const nextWeek = shiftWeek(monday, 1);
  const prepareAdd = () => {
    void loadAddMealDialog();
    void utils.recipes.list.prefetch();
  };

  const plan = (input: MealPlanInput) =>
    add.mutateAsync(input).then((meal) => {
      refocus.current = { slot: meal, mealId: meal.id, planned: true };
      setDialogOpen(false);
    });
  const removeMeal = (meal: MealPlan) =>
    remove.mutate(
      { id: meal.id },
      {
        onSuccess: () => {
          refocus.current = { slot: meal, mealId: meal.id, planned: false };
          settleFocus();
        },
      },
    );

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Meal Planner</h1>
          <p className="mt-2 text-muted-foreground">Plan your meals for the week</p>
        </div>
        <Button
          variant="outline"
          disabled={!online}
          onClick={() => setSuggesting(true)}
          onPointerEnter={() => void loadSuggestDialog()}
          onFocus={() => void loadSuggestDialog()}
        >
          <Sparkles aria-hidden="true" />
          Suggest meals
        </Button>
        <NeedsNetwork what="suggesting meals works" />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-semibold" aria-live="polite">
          {label}
        </h2>
        <div className="grid grid-cols-3 gap-2 sm:flex">
          <Button
            variant="outline"
            disabled={!prevWeek}
            onClick={() => prevWeek && showWeek(prevWeek)}
            onPointerEnter={() => prefetchWeek(prevWeek)}
            onFocus={() => prefetchWeek(prevWeek)}
          >
            <ChevronLeft aria-hidden="true" />
            Prev<span className="sr-only"> week</span>
          </Button>
          <Button variant="outline" onClick={() => showWeek(undefined)}>
            Today
          </Button>
          <Button
            variant="outline"
            disabled={!nextWeek}
            onClick={() => nextWeek && showWeek(nextWeek)}
            onPointerEnter={() => prefetchWeek(nextWeek)}
            onFocus={() => prefetchWeek(nextWeek)}
          >
            Next<span className="sr-only"> week</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      {/* Generates the shopping list for the week shown here, not the current one. */}
      <Button variant="outline" className="justify-self-start sm:justify-self-end" asChild>
        <Link to="/shopping-list" search={{ generate: monday }}>
          <ShoppingCart aria-hidden="true" />
          Shopping list for this week
        </Link>
      </Button>

      {/* A refetch that failed leaves the week it had on screen, under the notice. */}
      {list.isError ? <LoadFailed what="your meal plan" error={list.error} retry={() => void list.refetch()} /> : null}
      {list.isError && list.data === undefined ? null : (
        <MemberNamesProvider>
          {/* Above the week: below it, on a phone, it came after all 21 slots, out of sight. */}
          {week?.length === 0 ? <NoMealsPlanned /> : null}
          <WeekView
            label={label}
            days={days}
            today={today}
            slots={slots}
            removingId={remove.isPending ? remove.variables.id : undefined}
            onAdd={(slot, name) => {
              setAdding({ slot, name });
              setDialogOpen(true);
            }}
            onAddIntent={prepareAdd}
            onRemove={removeMeal}
          />
        </MemberNamesProvider>
      )}

      <SuggestMealsDialog monday={monday} open={suggesting} onOpenChange={setSuggesting} />

      {/* Mounted from its first opening on, so closing keeps its focus handling. */}
      {adding ? (
        <AddMealDialog
          slot={adding.slot}
          slotName={adding.name}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          pending={add.isPending}
          onSubmit={plan}
          onCloseAutoFocus={(event) => {
            // Back to the slot it was opened from (its + may be gone); settled again if the grid is yet to redraw.
            event.preventDefault();
            focusSlot(adding.slot);
            settleFocus();
          }}
        />
      ) : null}
    </div>
  );
}

function NoMealsPlanned() {
  return (
    <Card className="flex-row items-center gap-4 px-6 py-4">
      <CalendarDays className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div>
        <h3 className="font-semibold">No meals planned yet</h3>
        <p className="text-sm text-muted-foreground">Use the + button in a slot to add a recipe to this week.</p>
      </div>
    </Card>
  );
}
