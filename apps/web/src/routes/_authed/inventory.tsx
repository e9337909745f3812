import { createFileRoute } from "@tanstack/react-router";
import { InventoryPage } from "../../features/inventory/inventory-page";

export const Route = createFileRoute("/_authed/inventory")({
  // Not awaited: the page shows skeletons while the list loads.
  loader: ({ context }) => void context.trpc.inventory.list.prefetch(),
  component: InventoryPage,
});
