import { body, param, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { shoppingListsRouter } from "./router";

export const shoppingListsRestRoutes: RestRoute<CallerOf<"shoppingLists", typeof shoppingListsRouter>>[] = [
  { method: "GET", url: "/api/shopping-lists", call: (caller) => caller.shoppingLists.list() },
  {
    method: "POST",
    url: "/api/shopping-lists/generate-from-meal-plan",
    call: (caller, req) => caller.shoppingLists.generate(body(req)),
  },
  { method: "POST", url: "/api/shopping-lists", status: 201, call: (caller, req) => caller.shoppingLists.create(body(req)) },
  {
    method: "PATCH",
    url: "/api/shopping-lists/:id",
    call: (caller, req) => caller.shoppingLists.update({ id: param(req, "id"), data: body(req) }),
  },
];
