import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/meal-planner")({
  head: () => pageTitle("Meal Planner"),
  component: () => <PagePlaceholder title="Meal Planner" />,
});
