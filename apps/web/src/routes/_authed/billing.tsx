import { createFileRoute } from "@tanstack/react-router";
import { ManagePage } from "../../features/billing/manage-page";
import { pageTitle } from "../../lib/page-title";

// The local trial mode's billing portal: where Manage Subscription leads when Kim runs without Stripe.
export const Route = createFileRoute("/_authed/billing")({
  head: () => pageTitle("Manage Subscription"),
  component: ManagePage,
});
