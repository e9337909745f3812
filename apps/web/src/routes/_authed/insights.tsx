import { createFileRoute } from "@tanstack/react-router";
import { InsightsPage } from "../../features/insights/insights-page";
import { pageTitle } from "../../lib/page-title";

// The page (and Chart.js with it) is its own chunk: the router plugin splits the component out of this file.
export const Route = createFileRoute("/_authed/insights")({
  head: () => pageTitle("Insights"),
  component: InsightsPage,
});
