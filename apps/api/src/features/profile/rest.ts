import { body, type RestRoute } from "../../lib/rest";

export const profileRestRoutes: RestRoute[] = [
  { method: "PATCH", url: "/api/user/profile", call: (caller, req) => caller.profile.update(body(req)) },
];
