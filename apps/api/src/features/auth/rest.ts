import { body, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { authRouter } from "./router";

export const authRestRoutes: RestRoute<CallerOf<"auth", typeof authRouter>>[] = [
  { method: "GET", url: "/api/auth/user", call: (caller) => caller.auth.user() },
  {
    method: "GET",
    url: "/api/login",
    call: async (_caller, _req, reply) => {
      await reply.redirect("/login");
    },
  },
  { method: "POST", url: "/api/signup", status: 201, call: (caller, req) => caller.auth.signup(body(req)) },
  { method: "POST", url: "/api/login", call: (caller, req) => caller.auth.login(body(req)) },
  { method: "POST", url: "/api/logout", call: (caller) => caller.auth.logout() },
  {
    method: "POST",
    url: "/api/password-reset/request",
    call: (caller, req) => caller.auth.requestPasswordReset(body(req)),
  },
  {
    method: "POST",
    url: "/api/password-reset/confirm",
    call: (caller, req) => caller.auth.confirmPasswordReset(body(req)),
  },
];
