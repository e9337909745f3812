import { body, type RestRoute } from "../../lib/rest";

export const bugReportsRestRoutes: RestRoute[] = [
  { method: "POST", url: "/api/bug-reports", status: 201, call: (caller, req) => caller.bugReports.create(body(req)) },
];
