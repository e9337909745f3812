import type { AnyRoute, AnyRouter } from "@tanstack/react-router";
import { reportChunkFailure } from "./chunk-load";

/** A route's page code that has not arrived yet: the router's lazy component keeps `preload` until it has. */
const missingCode = (route: AnyRoute) => {
  const component: unknown = route.options.component;
  return typeof component === "function" && "preload" in component && typeof component.preload === "function";
};

/**
 * While the browser is offline, a link to a page whose code has not been loaded yet stays on the current page and the
 * notice says why (chunk-load.ts), instead of the router's way: an error page, or for a missing file a reload, which
 * offline shows the browser's own error page. Online, the router loads the code as usual (and a file gone after a
 * redeploy reloads into the new version).
 */
export function holdNavigationWithoutCode(router: AnyRouter): void {
  router.history.block({
    // Leaving the page is not this blocker's business (unset, it would ask before every reload).
    enableBeforeUnload: false,
    blockerFn: async ({ nextLocation }: { nextLocation: { pathname: string } }) => {
      if (navigator.onLine) return false;
      const [routes] = router.getMatchedRoutes(nextLocation.pathname);
      const missing = routes.filter(missingCode);
      if (missing.length === 0) return false;
      // The browser may be wrong about being offline: try, and hold only what still did not arrive.
      await Promise.all(missing.map((route) => router.loadRouteChunk(route)?.catch(() => undefined)));
      if (!routes.some(missingCode)) return false;
      reportChunkFailure();
      return true;
    },
  });
}
