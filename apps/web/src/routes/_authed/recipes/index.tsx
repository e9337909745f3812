import { createFileRoute } from "@tanstack/react-router";
import { RecipesPage } from "../../../features/recipes/recipes-page";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_authed/recipes/")({
  head: () => pageTitle("Recipes"),
  // Not awaited: the page shows skeletons while the list loads.
  // The household too, in the same batch: its rows say who changed them (MemberNamesProvider), drawn once.
  loader: ({ context }) => {
    void context.trpc.recipes.list.prefetch();
    void context.trpc.households.get.prefetch();
  },
  component: RecipesPage,
});
