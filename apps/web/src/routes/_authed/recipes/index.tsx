import { createFileRoute } from "@tanstack/react-router";
import { RecipesPage } from "../../../features/recipes/recipes-page";
import { prefetchWithHousehold } from "../../../lib/list-routes";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_authed/recipes/")({
  head: () => pageTitle("Recipes"),
  loader: ({ context }) => prefetchWithHousehold(context.trpc, (trpc) => trpc.recipes.list.prefetch()),
  component: RecipesPage,
});
