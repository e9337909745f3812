import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppDeps } from "../../trpc/context";

/**
 * 200 only when the database answers and the process isn't shutting down, so a load balancer stops sending traffic
 * to a process that lost its database or is about to stop.
 */
export function healthRoutes(app: FastifyInstance, { db }: AppDeps, draining: () => boolean): void {
  app.get("/healthz", async (req, reply) => {
    if (draining()) return reply.code(503).send({ message: "Shutting down", code: "SERVICE_UNAVAILABLE" });
    try {
      await sql`select 1`.execute(db);
      return { status: "ok" };
    } catch (err) {
      req.log.error({ err }, "health check: database unreachable");
      return reply.code(503).send({ message: "Database unavailable", code: "SERVICE_UNAVAILABLE" });
    }
  });
}
