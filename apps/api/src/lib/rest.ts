import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { ContextFactory } from "../trpc/context";
import { createCaller, type Caller } from "../trpc/router";
import { RawJson } from "./raw-json";

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

/** A path parameter of the documented path, e.g. the `id` of /api/ingredients/:id. */
export function param(req: FastifyRequest, name: string): string {
  return (req.params as Record<string, string | undefined>)[name] ?? "";
}

/**
 * The request body, typed as whatever the procedure expects: the procedure's zod schema validates it, so the
 * REST layer passes it on untyped and a wrong shape answers 400 like any other bad input.
 */
export function body<T>(req: FastifyRequest): T {
  return (req.body ?? {}) as T;
}

const GZIP = /(?:^|,)\s*gzip\s*(?:,|$|;\s*q=(?:1|0?\.\d*[1-9]))/i;

function sendRawJson(req: FastifyRequest, reply: FastifyReply, json: RawJson<unknown>) {
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  if (json.text.length >= 1024 && GZIP.test(req.headers["accept-encoding"] ?? "")) {
    return reply.header("content-encoding", "gzip").send(json.gzip());
  }
  return reply.send(json.text);
}

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
        if (result instanceof RawJson) return sendRawJson(req, reply, result);
        return result ?? { ok: true };
      },
    });
  }
}
