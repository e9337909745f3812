import { Link } from "@tanstack/react-router";
import { X } from "lucide-react";
import { isStockFilter, STOCK_FILTERS, type StockFilter } from "@kim/domain";
import { Badge } from "@kim/ui/badge";

export interface InventorySearch {
  /** One of the dashboard's counts (Expiring Soon, Low Stock): the list shows only the items it counts. */
  filter?: StockFilter | undefined;
}

/** The inventory's URL search, so a dashboard card opens the items it counts; anything unknown shows them all. */
export function inventorySearch(search: Record<string, unknown>): InventorySearch {
  // Said even when unset: the router would otherwise pass the raw value through from the root route's search.
  return { filter: isStockFilter(search.filter) ? search.filter : undefined };
}

/** Says which of the dashboard's filters the list shows, with a link back to everything. */
export function StockFilterNotice({ filter }: { filter: StockFilter }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
      <span className="text-muted-foreground">Showing only</span>
      <Badge variant="secondary">{STOCK_FILTERS[filter]}</Badge>
      <Link to="/inventory" search={{}} className="inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline">
        <X className="size-4" aria-hidden="true" />
        Show all ingredients
      </Link>
    </p>
  );
}
