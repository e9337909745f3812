import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export const Route = createFileRoute("/_authed/bug-report")({
  component: () => <PagePlaceholder title="Report a Bug" />,
});
