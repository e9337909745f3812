import { createFileRoute } from "@tanstack/react-router";
import { BugReportPage } from "../../features/bug-report/bug-report-page";
import { pageTitle } from "../../lib/page-title";

export const Route = createFileRoute("/_authed/bug-report")({
  head: () => pageTitle("Report Bug"),
  component: BugReportPage,
});
