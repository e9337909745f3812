import { queryParam, type RestRoute } from "../../lib/rest";

export const insightsRestRoutes: RestRoute[] = [
  { method: "GET", url: "/api/insights", call: (caller, req) => caller.insights.get({ timeZone: queryParam(req, "timeZone") ?? "" }) },
];
