import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export const Route = createFileRoute("/_authed/shopping-list")({
  component: () => <PagePlaceholder title="Shopping List" />,
});
