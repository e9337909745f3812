import { useEffect } from "react";
import { useRouter } from "@tanstack/react-router";
import { dismissToast } from "@kim/ui/lib/use-toast";

const AUTH_SCREENS = new Set(["/login", "/signup", "/forgot-password", "/reset-password"]);

/**
 * Moving from one account screen to another closes the toasts the first one raised ("Login failed" has nothing to
 * say on /forgot-password). Toasts that travel with a navigation on purpose ("Welcome back!" on /) are untouched.
 */
export function useDismissToastsBetweenAuthScreens(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe("onBeforeNavigate", ({ fromLocation, toLocation, pathChanged }) => {
        if (pathChanged && fromLocation && AUTH_SCREENS.has(fromLocation.pathname) && AUTH_SCREENS.has(toLocation.pathname)) {
          dismissToast();
        }
      }),
    [router],
  );
}
