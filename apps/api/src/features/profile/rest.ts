import { body, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { profileRouter } from "./router";

export const profileRestRoutes: RestRoute<CallerOf<"profile", typeof profileRouter>>[] = [
  { method: "PATCH", url: "/api/user/profile", call: (caller, req) => caller.profile.update(body(req)) },
];
