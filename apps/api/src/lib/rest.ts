import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { ContextFactory } from "../trpc/context";
import { createCaller, type Caller } from "../trpc/router";

/**
 * One documented REST path: it calls the same tRPC procedure the web app uses, so the logic exists once.
 * `call` only maps the request onto the procedure's input.
 */
export interface RestRoute {
  method: HTTPMethods;
  url: string;
  status?: number;
  call: (caller: Caller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** Params, body and query as plain objects for mapping onto procedure input. */
export const params = (req: FastifyRequest) => req.params as Record<string, string>;
export const body = (req: FastifyRequest): Record<string, unknown> =>
  typeof req.body === "object" && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

export function registerRestRoutes(app: FastifyInstance, createContext: ContextFactory, routes: RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      async handler(req, reply) {
        const caller = createCaller(await createContext(req, reply));
        const result = await route.call(caller, req, reply);
        if (reply.sent) return reply;
        reply.code(route.status ?? 200);
        return result ?? { ok: true };
      },
    });
  }
}
