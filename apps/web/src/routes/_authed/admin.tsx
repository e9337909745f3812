import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/admin")({
  head: () => pageTitle("Admin Dashboard"),
  component: () => <PagePlaceholder title="Admin Dashboard" />,
});
