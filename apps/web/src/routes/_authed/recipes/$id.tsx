import { createFileRoute } from "@tanstack/react-router";
import { EditRecipePage } from "../../../features/recipes/edit-recipe-page";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_authed/recipes/$id")({
  head: () => pageTitle("Edit Recipe"),
  // Not awaited, and a bad id is the page's to say: the page shows 'Loading recipe...' or 'Recipe not found'.
  loader: ({ context, params }) => void context.trpc.recipes.get.prefetch({ id: params.id }),
  component: function EditRecipeRoute() {
    return <EditRecipePage id={Route.useParams().id} />;
  },
});
