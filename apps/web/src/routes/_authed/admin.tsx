import { createFileRoute } from "@tanstack/react-router";
import { AdminPage } from "../../features/admin/admin-page";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/admin")({
  head: () => pageTitle("Admin Dashboard"),
  component: AdminPage,
});
