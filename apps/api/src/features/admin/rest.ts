import type { FastifyRequest } from "fastify";
import { body, param, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { adminRouter } from "./router";

/** The body with the path's id, typed as the procedure expects: like `body`, its zod schema checks it. */
const bodyWithId = <T>(req: FastifyRequest): T => ({ ...body<object>(req), id: param(req, "id") }) as T;
/** The query string (search, page, pageSize, ...), likewise checked by the procedure's schema. */
const query = <T>(req: FastifyRequest): T => (req.query ?? {}) as T;
const id = (req: FastifyRequest) => ({ id: param(req, "id") });

export const adminRestRoutes: RestRoute<CallerOf<"admin", typeof adminRouter>>[] = [
  { method: "GET", url: "/api/admin/summary", call: (caller) => caller.admin.summary() },
  { method: "GET", url: "/api/admin/users", call: (caller, req) => caller.admin.users(query(req)) },
  { method: "POST", url: "/api/admin/users", status: 201, call: (caller, req) => caller.admin.createUser(body(req)) },
  { method: "PATCH", url: "/api/admin/users/:id/role", call: (caller, req) => caller.admin.setRole(bodyWithId(req)) },
  { method: "PATCH", url: "/api/admin/users/:id/email", call: (caller, req) => caller.admin.setEmail(bodyWithId(req)) },
  { method: "PATCH", url: "/api/admin/users/:id/pro", call: (caller, req) => caller.admin.setPro(bodyWithId(req)) },
  { method: "PATCH", url: "/api/admin/users/:id/beta", call: (caller, req) => caller.admin.setBeta(bodyWithId(req)) },
  { method: "POST", url: "/api/admin/users/:id/password-reset", call: (caller, req) => caller.admin.sendPasswordReset(id(req)) },
  { method: "DELETE", url: "/api/admin/users/:id", call: (caller, req) => caller.admin.deleteUser(id(req)) },
  { method: "GET", url: "/api/admin/bug-reports", call: (caller, req) => caller.admin.bugReports(query(req)) },
  { method: "PATCH", url: "/api/admin/bug-reports/:id", call: (caller, req) => caller.admin.updateBugReport(bodyWithId(req)) },
  { method: "GET", url: "/api/admin/audit", call: (caller, req) => caller.admin.audit(query(req)) },
];
