import { body, param, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { recipesRouter } from "./router";

export const recipesRestRoutes: RestRoute<CallerOf<"recipes", typeof recipesRouter>>[] = [
  { method: "GET", url: "/api/recipes", call: (caller) => caller.recipes.list() },
  { method: "POST", url: "/api/recipes", status: 201, call: (caller, req) => caller.recipes.create(body(req)) },
  { method: "GET", url: "/api/recipes/:id", call: (caller, req) => caller.recipes.get({ id: param(req, "id") }) },
  {
    method: "PATCH",
    url: "/api/recipes/:id",
    call: (caller, req) => caller.recipes.update({ id: param(req, "id"), data: body(req) }),
  },
  { method: "DELETE", url: "/api/recipes/:id", call: (caller, req) => caller.recipes.delete({ id: param(req, "id") }) },
  { method: "DELETE", url: "/api/recipes/:id/image", call: (caller, req) => caller.recipes.removePhoto({ id: param(req, "id") }) },
];
