import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/page-placeholder";

export const Route = createFileRoute("/_authed/recipes/new")({
  component: () => <PagePlaceholder title="Create Recipe" />,
});
