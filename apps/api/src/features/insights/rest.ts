import { queryParam, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { insightsRouter } from "./router";

export const insightsRestRoutes: RestRoute<CallerOf<"insights", typeof insightsRouter>>[] = [
  { method: "GET", url: "/api/insights", call: (caller, req) => caller.insights.get({ timeZone: queryParam(req, "timeZone") ?? "" }) },
];
