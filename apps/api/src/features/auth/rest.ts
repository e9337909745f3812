import type { RestRoute } from "../../lib/rest";

export const authRestRoutes: RestRoute[] = [
  { method: "GET", url: "/api/auth/user", call: (caller) => caller.auth.user() },
  {
    method: "GET",
    url: "/api/login",
    call: async (_caller, _req, reply) => {
      await reply.redirect("/login");
    },
  },
];
