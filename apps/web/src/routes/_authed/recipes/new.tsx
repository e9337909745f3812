import { createFileRoute } from "@tanstack/react-router";
import { NewRecipePage } from "../../../features/recipes/new-recipe-page";
import { recipePrefillSearch } from "../../../features/recipes/recipe-prefill-search";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_authed/recipes/new")({
  head: () => pageTitle("Create Recipe"),
  validateSearch: recipePrefillSearch,
  component: function NewRecipeRoute() {
    return <NewRecipePage prefill={Route.useSearch()} />;
  },
});
