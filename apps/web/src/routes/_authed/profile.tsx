import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../../features/profile/profile-page";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/profile")({
  head: () => pageTitle("Profile"),
  // Where checkout sends the browser back: `?checkout=success` asks the page to confirm the plan started.
  validateSearch: (search: Record<string, unknown>): { checkout?: "success" } =>
    search.checkout === "success" ? { checkout: "success" } : {},
  component: ProfileRoute,
});

function ProfileRoute() {
  const { checkout } = Route.useSearch();
  return <ProfilePage fromCheckout={checkout === "success"} />;
}
