import "./zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { installDialogHistory } from "@kim/ui/lib/dialog-history";
import { cn } from "@kim/ui/lib/utils";
import { createAppRouter } from "./router";
import { currentUserQueryOptions } from "./lib/current-user";
import { focusFirstErrorOnSubmit } from "./lib/form";
import { createQueryClient } from "./lib/query-client";
import { keepAnswers } from "./lib/offline/kept-answers";
import { registerServiceWorkerWhenSettled } from "./lib/offline/service-worker";
import { createTrpcClient, createTrpcUtils, trpc } from "./lib/trpc";
import "./styles.css";

// Back closes an open dialog (decision 0052): before the router is made, so that its history writes pass through it.
installDialogHistory();
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({ queryClient, trpcClient, trpc: createTrpcUtils(queryClient, trpcClient) });

// Start the session check, and the code and data of the page asked for, at once: the router would fetch that code
// only after the session check (the signed-in layout's beforeLoad) answered, one round trip later, and run the pages'
// loaders only once React has drawn for the first time. The loaders prefetch into React Query (data never goes stale),
// so the router's own load, when it comes, finds their calls made or under way.
void queryClient.prefetchQuery(currentUserQueryOptions(trpcClient));
const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of matchedRoutes) void router.loadRouteChunk(route);
// A timer: the tRPC client sends the calls made within one task as one batch, after a zero timer of its own, so the
// session check leaves alone, as the URL the page preloads it under (vite.config.ts), and the page's data next.
// (`href` decides the location; the type asks for a `to` as well.)
setTimeout(
  () => void router.preloadRoute({ to: ".", href: `${window.location.pathname}${window.location.search}${window.location.hash}` }),
);

// tailwind-merge builds its class map at its first call (20 ms of CPU here, four times that on a slow phone): in a task
// of its own while the page's code and data are on their way, rather than inside the task of the first render.
setTimeout(() => cn());

focusFirstErrorOnSubmit();

// Offline use (decision 0038): the service worker is registered once the first screen has settled, so it never delays it.
keepAnswers(queryClient);
registerServiceWorkerWhenSettled(router, queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
