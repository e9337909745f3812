import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { DeferredToaster } from "../components/deferred-toaster";
import type { RouterContext } from "../router";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <DeferredToaster />
    </>
  );
}
