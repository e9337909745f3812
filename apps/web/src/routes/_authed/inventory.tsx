import { createFileRoute } from "@tanstack/react-router";
import { InventoryPage } from "../../features/inventory/inventory-page";
import { inventorySearch } from "../../features/inventory/stock-filter";
import { prefetchWithHousehold } from "../../lib/list-routes";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/inventory")({
  head: () => pageTitle("Inventory"),
  validateSearch: inventorySearch,
  loader: ({ context }) => prefetchWithHousehold(context.trpc, (trpc) => trpc.inventory.list.prefetch()),
  component: function InventoryRoute() {
    return <InventoryPage filter={Route.useSearch().filter} />;
  },
});
