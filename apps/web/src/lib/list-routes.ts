import type { TrpcUtils } from "./trpc";

/**
 * The routes whose page opens on a list read without input, and that list's procedure. The build preloads each one's
 * loader batch (`routeBatch`) on the route's own page (vite.config.ts, kim:route-pages), so the loader must send exactly
 * that batch: `prefetchWithHousehold` sends it (e2e/large-kitchen.e2e.ts checks each route reads once).
 */
export const ROUTE_LISTS = { inventory: "inventory.list", recipes: "recipes.list", "shopping-list": "shoppingLists.list" } as const;

/**
 * The routes whose page opens on one read that depends on its URL, and that read: the build inlines route-read.js into
 * each one's page (kim:route-pages), which asks for it as the HTML is parsed, so the answer comes beside the page's
 * code. In the input, "$name" stands for that parameter of the path: the loader must ask for exactly this
 * (e2e/cooking.e2e.ts checks the page reads once). Not /insights: only a Pro cook may read its figures, which the
 * page knows only once the session check has answered (a cook without Pro is never asked about them).
 */
export const ROUTE_READS = { "cooking/$id": { procedure: "recipes.get", input: { id: "$id" } } } as const;

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
