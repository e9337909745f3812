import { body, param, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { inventoryRouter } from "./router";

export const inventoryRestRoutes: RestRoute<CallerOf<"inventory", typeof inventoryRouter>>[] = [
  { method: "GET", url: "/api/ingredients", call: (caller) => caller.inventory.list() },
  { method: "POST", url: "/api/ingredients", status: 201, call: (caller, req) => caller.inventory.create(body(req)) },
  {
    method: "PATCH",
    url: "/api/ingredients/:id",
    call: (caller, req) => caller.inventory.update({ id: param(req, "id"), data: body(req) }),
  },
  { method: "DELETE", url: "/api/ingredients/:id", call: (caller, req) => caller.inventory.delete({ id: param(req, "id") }) },
];
