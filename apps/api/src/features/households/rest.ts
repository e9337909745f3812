import { body, param, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { householdsRouter } from "./router";

export const householdsRestRoutes: RestRoute<CallerOf<"households", typeof householdsRouter>>[] = [
  { method: "GET", url: "/api/household", call: (caller) => caller.households.get() },
  { method: "POST", url: "/api/household/invites", status: 201, call: (caller, req) => caller.households.invite(body(req)) },
  {
    method: "DELETE",
    url: "/api/household/invites/:inviteId",
    call: (caller, req) => caller.households.cancelInvite({ inviteId: param(req, "inviteId") }),
  },
  { method: "POST", url: "/api/household/invites/preview", call: (caller, req) => caller.households.preview(body(req)) },
  { method: "POST", url: "/api/household/join", call: (caller, req) => caller.households.accept(body(req)) },
  { method: "POST", url: "/api/household/leave", call: (caller, req) => caller.households.leave(body(req)) },
  {
    method: "DELETE",
    url: "/api/household/members/:userId",
    call: (caller, req) => caller.households.remove({ userId: param(req, "userId") }),
  },
  { method: "POST", url: "/api/household/owner", call: (caller, req) => caller.households.handOver(body(req)) },
];
