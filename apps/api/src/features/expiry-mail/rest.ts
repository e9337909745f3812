import { body, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { expiryMailRouter } from "./router";

export const expiryMailRestRoutes: RestRoute<CallerOf<"expiryMail", typeof expiryMailRouter>>[] = [
  { method: "GET", url: "/api/user/expiry-mail", call: (caller) => caller.expiryMail.settings() },
  { method: "PUT", url: "/api/user/expiry-mail", call: (caller, req) => caller.expiryMail.update(body(req)) },
  { method: "POST", url: "/api/expiry-mail/unsubscribe", call: (caller, req) => caller.expiryMail.unsubscribe(body(req)) },
];
