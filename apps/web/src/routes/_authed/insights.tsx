import { createFileRoute } from "@tanstack/react-router";
import { hasProAccess } from "@kim/domain";
import { InsightsPage } from "../../features/insights/insights-page";
import { currentUserQueryOptions } from "../../lib/current-user";
import { browserTimeZone } from "../../lib/dates";
import { pageTitle } from "../../lib/page-title";

// The page is its own chunk: the router plugin splits the component out of this file.
export const Route = createFileRoute("/_authed/insights")({
  head: () => pageTitle("Insights"),
  // A Pro cook's figures are asked for beside the page's code, not once it has arrived and drawn. Not awaited: the
  // page shows skeletons while they load.
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpcClient)).then(
      (user) => void (user && hasProAccess(user) && context.trpc.insights.get.prefetch({ timeZone: browserTimeZone() })),
      () => undefined,
    );
  },
  component: InsightsPage,
});
