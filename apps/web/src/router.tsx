import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { LoadingScreen } from "./components/loading-screen";
import { NotFound } from "./components/not-found";
import { holdNavigationWithoutCode } from "./lib/route-chunks";
import type { RouterContext } from "./lib/router-context";

export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // Loaders read through React Query, so the router's own cache would only duplicate it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingScreen,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
  holdNavigationWithoutCode(router);
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
