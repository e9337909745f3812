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
  // The household too, in the same batch: its rows say who changed them (MemberNamesProvider), drawn once.
  loader: ({ context, deps }) => {
    void context.trpc.mealPlans.list.prefetch(weekOf(shownMonday(deps)));
    void context.trpc.households.get.prefetch();
  },
  component: function MealPlannerRoute() {
    return <MealPlannerPage search={Route.useSearch()} />;
  },
});
