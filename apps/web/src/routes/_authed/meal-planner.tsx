import { createFileRoute } from "@tanstack/react-router";
import { weekOf } from "@kim/domain";
import { MealPlannerPage } from "../../features/meal-planner/meal-planner-page";
import { plannerSearch, shownMonday } from "../../features/meal-planner/planner-week";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/meal-planner")({
  head: () => pageTitle("Meal Planner"),
  validateSearch: plannerSearch,
  loaderDeps: ({ search }) => ({ week: search.week }),
  // Not awaited: the grid shows skeletons while the week loads.
  loader: ({ context, deps }) => void context.trpc.mealPlans.list.prefetch(weekOf(shownMonday(deps))),
  component: function MealPlannerRoute() {
    return <MealPlannerPage search={Route.useSearch()} />;
  },
});
