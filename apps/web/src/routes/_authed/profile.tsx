import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export const Route = createFileRoute("/_authed/profile")({
  component: () => <PagePlaceholder title="Profile Settings" />,
});
