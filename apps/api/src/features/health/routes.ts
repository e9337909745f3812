import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppDeps } from "../../trpc/context";

/** 200 only when the database answers, so a load balancer stops sending traffic to a process that lost it. */
export function healthRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get("/healthz", async (req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: "ok" };
    } catch (err) {
      req.log.error({ err }, "health check: database unreachable");
      return reply.code(503).send({ message: "Database unavailable", code: "SERVICE_UNAVAILABLE" });
    }
  });
}
