import { createFileRoute } from "@tanstack/react-router";
import { localDate, weekOf } from "@kim/domain";
import { MealPlannerPage } from "../../features/meal-planner/meal-planner-page";
import { plannerSearch, shownMonday } from "../../features/meal-planner/planner-week";
import { prefetchWithHousehold } from "../../lib/list-routes";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/meal-planner")({
  head: () => pageTitle("Meal Planner"),
  validateSearch: plannerSearch,
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: ({ context, deps }) =>
    prefetchWithHousehold(context.trpc, (trpc) => trpc.mealPlans.list.prefetch(weekOf(shownMonday(deps, localDate())))),
  component: function MealPlannerRoute() {
    return <MealPlannerPage search={Route.useSearch()} />;
  },
});
