// The multipart plugin adds isMultipart and parts to requests (registered only on upload paths).
import type {} from "@fastify/multipart";
import type { FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { Caller } from "../trpc/router";

/**
 * One documented REST path: it calls the same tRPC procedure the web app uses, so the logic exists once.
 * `call` only maps the request onto the procedure's input.
 */
export interface RestRoute {
  method: HTTPMethods;
  url: string;
  status?: number;
  /** The path takes one uploaded file (multipart) of at most this size instead of a JSON body; see `uploadedFile`. */
  upload?: { maxBytes: number };
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

/** A query-string parameter, or undefined when absent (a repeated one counts as absent: it is not one value). */
export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The bytes of the uploaded file in form field `field`, on a path that takes uploads. Like `body`, typed as the
 * procedure expects: without a file it is undefined, and the procedure's schema answers 400. A file over the path's
 * cap answers 413.
 */
export async function uploadedFile(req: FastifyRequest, field: string): Promise<Uint8Array<ArrayBuffer>> {
  const none = undefined as unknown as Uint8Array<ArrayBuffer>;
  if (!req.isMultipart()) return none;
  for await (const part of req.parts()) {
    if (part.type === "file" && part.fieldname === field) return new Uint8Array(await part.toBuffer());
    if (part.type === "file") part.file.resume();
  }
  return none;
}
