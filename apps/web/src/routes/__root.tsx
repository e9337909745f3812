import { useCallback } from "react";
import { HeadContent, Outlet, createRootRouteWithContext, useRouter } from "@tanstack/react-router";
import { NavigateProvider } from "../components/app-link";
import { ChunkLoadNotice } from "../components/chunk-load-notice";
import { DeferredToaster } from "../components/deferred-toaster";
import { useDismissToastsBetweenAuthScreens } from "../lib/auth-screen-toasts";
import { useNotePreviousPage } from "../lib/previous-page";
import type { RouterContext } from "../lib/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const router = useRouter();
  // Shared components use AppLink; inside the app its links navigate without a page load.
  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  useDismissToastsBetweenAuthScreens();
  useNotePreviousPage();
  return (
    <NavigateProvider value={navigate}>
      {/* Each route's head() title; React places <title> in the document head. */}
      <HeadContent />
      <Outlet />
      <DeferredToaster />
      <ChunkLoadNotice />
    </NavigateProvider>
  );
}
