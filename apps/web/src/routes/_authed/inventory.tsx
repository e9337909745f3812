import { createFileRoute } from "@tanstack/react-router";
import { InventoryPage } from "../../features/inventory/inventory-page";
import { inventorySearch } from "../../features/inventory/stock-filter";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/inventory")({
  head: () => pageTitle("Inventory"),
  validateSearch: inventorySearch,
  // Not awaited: the page shows skeletons while the list loads.
  // The household too, in the same batch: its rows say who changed them (MemberNamesProvider), drawn once.
  loader: ({ context }) => {
    void context.trpc.inventory.list.prefetch();
    void context.trpc.households.get.prefetch();
  },
  component: function InventoryRoute() {
    return <InventoryPage filter={Route.useSearch().filter} />;
  },
});
