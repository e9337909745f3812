import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../../features/profile/profile-page";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/profile")({
  head: () => pageTitle("Profile"),
  component: ProfilePage,
});
