import { createRouter } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { routeTree } from "./routeTree.gen";
import { LoadingScreen } from "./components/loading-screen";
import { NotFound } from "./components/not-found";
import type { TrpcClient, TrpcUtils } from "./lib/trpc";

export interface RouterContext {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  trpc: TrpcUtils;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // Loaders read through React Query, so the router's own cache would only duplicate it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingScreen,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
