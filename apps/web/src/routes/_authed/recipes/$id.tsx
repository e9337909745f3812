import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/page-placeholder";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_authed/recipes/$id")({
  head: () => pageTitle("Edit Recipe"),
  component: () => <PagePlaceholder title="Edit Recipe" />,
});
