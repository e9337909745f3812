import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export const Route = createFileRoute("/_authed/admin")({
  component: () => <PagePlaceholder title="Admin Dashboard" />,
});
