import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/bug-report")({
  head: () => pageTitle("Report Bug"),
  component: () => <PagePlaceholder title="Report a Bug" />,
});
