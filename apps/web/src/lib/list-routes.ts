import type { TrpcUtils } from "./trpc";

/**
 * The routes whose page opens on a list read without input, and that list's procedure. The build preloads each one's
 * loader batch (`routeBatch`) on the route's own page (vite.config.ts, kim:route-pages), so the loader must send exactly
 * that batch: `prefetchWithHousehold` sends it (e2e/large-kitchen.e2e.ts checks each route reads once).
 */
export const ROUTE_LISTS = { inventory: "inventory.list", recipes: "recipes.list", "shopping-list": "shoppingLists.list" } as const;

/** The batch a list route's loader sends, as the tRPC client names it in the URL: the list, then the household. */
export const routeBatch = (route: keyof typeof ROUTE_LISTS) => `${ROUTE_LISTS[route]},households.get`;

/**
 * A list page's loader: its list, then the household in the same batch (its rows say who changed them:
 * MemberNamesProvider, drawn once). Not awaited: the page shows skeletons while they load.
 */
export function prefetchWithHousehold(trpc: TrpcUtils, prefetchList: (trpc: TrpcUtils) => Promise<void>): void {
  void prefetchList(trpc);
  void trpc.households.get.prefetch();
}
