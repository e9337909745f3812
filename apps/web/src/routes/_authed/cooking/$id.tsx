import { createFileRoute } from "@tanstack/react-router";
import { CookingPage } from "../../../features/cooking/cooking-page";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_authed/cooking/$id")({
  head: () => pageTitle("Cooking Mode"),
  // Not awaited: the page says 'Loading recipe...' until the recipe arrives.
  loader: ({ context, params }) => void context.trpc.recipes.get.prefetch({ id: params.id }),
  component: CookingRoute,
});

function CookingRoute() {
  const { id } = Route.useParams();
  return <CookingPage id={id} />;
}
