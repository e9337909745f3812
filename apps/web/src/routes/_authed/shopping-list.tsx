import { createFileRoute } from "@tanstack/react-router";
import { ShoppingListPage } from "../../features/shopping-list/shopping-list-page";
import { generateSearch } from "../../features/shopping-list/shopping-items";
import { prefetchWithHousehold } from "../../lib/list-routes";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/shopping-list")({
  head: () => pageTitle("Shopping List"),
  validateSearch: generateSearch,
  loader: ({ context }) => prefetchWithHousehold(context.trpc, (trpc) => trpc.shoppingLists.list.prefetch()),
  component: function ShoppingListRoute() {
    return <ShoppingListPage generateWeek={Route.useSearch().generate} />;
  },
});
