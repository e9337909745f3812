import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/page-placeholder";

export const Route = createFileRoute("/_authed/cooking/$id")({
  component: () => <PagePlaceholder title="Cooking Mode" />,
});
