import { body, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { bugReportsRouter } from "./router";

export const bugReportsRestRoutes: RestRoute<CallerOf<"bugReports", typeof bugReportsRouter>>[] = [
  { method: "POST", url: "/api/bug-reports", status: 201, call: (caller, req) => caller.bugReports.create(body(req)) },
];
