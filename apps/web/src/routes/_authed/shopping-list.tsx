import { createFileRoute } from "@tanstack/react-router";
import { ShoppingListPage } from "../../features/shopping-list/shopping-list-page";
import { generateSearch } from "../../features/shopping-list/shopping-items";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/shopping-list")({
  head: () => pageTitle("Shopping List"),
  validateSearch: generateSearch,
  // Not awaited: the page shows skeletons while the list loads.
  // The household too, in the same batch: its rows say who changed them (MemberNamesProvider), drawn once.
  loader: ({ context }) => {
    void context.trpc.shoppingLists.list.prefetch();
    void context.trpc.households.get.prefetch();
  },
  component: function ShoppingListRoute() {
    return <ShoppingListPage generateWeek={Route.useSearch().generate} />;
  },
});
