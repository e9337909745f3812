import { body, param, queryParam, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { mealPlansRouter } from "./router";

export const mealPlansRestRoutes: RestRoute<CallerOf<"mealPlans", typeof mealPlansRouter>>[] = [
  {
    method: "GET",
    url: "/api/meal-plans",
    call: (caller, req) => {
      const from = queryParam(req, "from");
      const to = queryParam(req, "to");
      return caller.mealPlans.list(from === undefined && to === undefined ? undefined : { from: from ?? "", to: to ?? "" });
    },
  },
  { method: "POST", url: "/api/meal-plans", status: 201, call: (caller, req) => caller.mealPlans.create(body(req)) },
  { method: "POST", url: "/api/meal-plans/cook", call: (caller, req) => caller.mealPlans.cook(body(req)) },
  { method: "POST", url: "/api/meal-plans/suggest", call: (caller, req) => caller.mealPlans.suggest(body(req)) },
  { method: "POST", url: "/api/meal-plans/restock", call: (caller, req) => caller.mealPlans.restock(body(req)) },
  { method: "DELETE", url: "/api/meal-plans/:id", call: (caller, req) => caller.mealPlans.delete({ id: param(req, "id") }) },
];
