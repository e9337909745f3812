import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../components/public-page";

export const Route = createFileRoute("/forgot-password")({
  component: () => <PublicPage title="Forgot Password" />,
});
