import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { callTRPCProcedure, getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, type TRPCError } from "@trpc/server";
import type { TRPCResponse } from "@trpc/server/rpc";
import { getHTTPStatusCode, resolveResponse } from "@trpc/server/http";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { isOutsideFailure } from "./lib/errors";
import type { RestRoute } from "./lib/rest";
import { ENVELOPES, RawJson, type Envelope } from "./lists";
import type { Context, ContextFactory } from "./trpc/context";
import { appRouter, createCaller, type Caller } from "./router";

/** JSON request bodies, on tRPC and REST alike. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Calls in one tRPC batch: the web app's pages batch a handful. */
const MAX_BATCH_SIZE = 20;
const GZIP = /(?:^|,)\s*gzip\s*(?:,|$|;\s*q=(?:1|0?\.\d*[1-9]))/i;
/** Below this a body isn't worth compressing. */
const COMPRESS_FROM_BYTES = 1024;

const gzipAsync = promisify(gzip);

/** An answer that is one list as PostgreSQL wrote it, in one of the bodies it is sent in. */
interface ListBody {
  value: RawJson<unknown>;
  envelope: Envelope;
}

/**
 * Sends JSON, gzipped when the client takes gzip: a list from the gzip its RawJson keeps for that envelope (made once,
 * off the main thread), any other answer of 1 KB or more gzipped now off the event loop (no brotli per request: it
 * costs too much time and memory).
 */
async function sendJson(req: FastifyRequest, reply: FastifyReply, body: string | ListBody): Promise<FastifyReply> {
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const gzipped = GZIP.test(req.headers["accept-encoding"] ?? "");
  if (typeof body !== "string") {
    if (gzipped) return reply.header("content-encoding", "gzip").send(await body.value.gzip(body.envelope));
    const [prefix, suffix] = ENVELOPES[body.envelope];
    return reply.send(prefix + body.value.text + suffix);
  }
  if (body.length < COMPRESS_FROM_BYTES || !gzipped) return reply.send(body);
  return reply.header("content-encoding", "gzip").send(await gzipAsync(body));
}

export interface TrpcOptions {
  createContext: ContextFactory;
  onError(error: Error, procedure: string | undefined): void;
  /** An outside site or service failed, with what lay under it (its cause): worth a line in the log, not a bug. */
  onOutsideFailure(error: TRPCError, procedure: string | undefined): void;
}

/** Unexpected failures are logged once, outside failures with a cause too; every other error is an answer the client acts on. */
function reportUnexpected(options: TrpcOptions, error: TRPCError, procedure: string | undefined): void {
  if (error.code === "INTERNAL_SERVER_ERROR") options.onError(error, procedure);
  else if (error.cause && isOutsideFailure(error)) options.onOutsideFailure(error, procedure);
}

interface Call {
  req: FastifyRequest;
  reply: FastifyReply;
  path: string;
  isBatch: boolean;
  calls: number;
  options: TrpcOptions;
}

type ProcedureType = "query" | "mutation";

/** The router's queries and mutations by path ("inventory.list" -> "query"), read once. */
const procedureTypes = new Map(
  Object.entries(appRouter._def.procedures).flatMap(([path, procedure]: [string, unknown]) => {
    const type = typeof procedure === "function" && "_def" in procedure ? (procedure._def as { type?: unknown }).type : null;
    return type === "query" || type === "mutation" ? [[path, type] as const] : [];
  }),
);

/** The procedures whose statement checks the session itself: a request of only these reads no session first. */
const checksSession = new Set(
  Object.entries(appRouter._def.procedures).flatMap(([path, procedure]: [string, unknown]) => {
    const meta =
      typeof procedure === "function" && "_def" in procedure ? (procedure._def as { meta?: { checksSession?: boolean } }).meta : null;
    return meta?.checksSession ? [path] : [];
  }),
);

const config = appRouter._def._config;
/** tRPC's default transformer hands values back as they are: answers then need no transformTRPCResponse copy. */
const PROBE = {};
const passesThrough = config.transformer.output.serialize(PROBE) === PROBE;

const noInput = async (): Promise<undefined> => undefined;

/** One call, answered in tRPC's own shape whether it succeeds or fails. */
async function answerOne(
  ctx: Context,
  type: ProcedureType,
  path: string,
  input: unknown,
  index: number,
  options: TrpcOptions,
): Promise<TRPCResponse> {
  try {
    const data: unknown = await callTRPCProcedure({
      router: appRouter,
      path,
      // Most reads take no input: they share one function rather than each making its own.
      getRawInput: input === undefined ? noInput : async () => input,
      ctx,
      type,
      signal: undefined,
      batchIndex: index,
    });
    return { result: { data } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    reportUnexpected(options, error, path);
    return { error: getErrorShape({ config, error, type, path, input, ctx }) };
  }
}

/**
 * Reads (GET of one query or a batch of them, what the web app sends for every list and page) and writes (POST of
 * mutations, what it sends for every change) are answered from tRPC's public building blocks (callTRPCProcedure,
 * getErrorShape, getHTTPStatusCode) on one context, skipping the general request machinery (a WHATWG Request built
 * from Node's, its body read again, the answer as a Response), which costs more than the work itself for a cached
 * list and doubled the CPU of a write. Answers and errors take tRPC's own shapes. Anything else (unknown paths, a
 * query sent by POST, unreadable input, oversized batches) returns null and goes through resolveResponse, which
 * answers it as tRPC does.
 */
async function answerCalls({ req, reply, path, isBatch, calls, options }: Call): Promise<string | ListBody | null> {
  const type: ProcedureType | null = req.method === "GET" ? "query" : req.method === "POST" ? "mutation" : null;
  if (!type || calls > MAX_BATCH_SIZE) return null;
  const paths = isBatch ? path.split(",") : [path];
  for (const p of paths) if (procedureTypes.get(p) !== type) return null;
  const inputs: unknown[] = [];
  try {
    // A query's input is in the address (none when absent); a mutation's is the JSON body, kept as text by the parser
    // below, and tRPC answers an empty one with its own parse error.
    const raw = type === "query" ? (req.query as { input?: string }).input : (req.body as string | undefined);
    if (type === "mutation" && !raw) return null;
    const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
    if (!isBatch) inputs.push(parsed);
    else for (let i = 0; i < paths.length; i++) inputs.push((parsed as Record<string, unknown> | undefined)?.[String(i)]);
  } catch {
    return null;
  }
  const ctx = await options.createContext(
    req,
    reply,
    calls,
    paths.every((p) => checksSession.has(p)),
  );
  // One call (what list pages and most writes send) needs no Promise.all.
  const items =
    paths.length === 1
      ? [await answerOne(ctx, type, paths[0]!, inputs[0], 0, options)]
      : await Promise.all(paths.map((p, i) => answerOne(ctx, type, p, inputs[i], i, options)));
  reply.code(getHTTPStatusCode(items));
  if (!passesThrough) {
    const answer = isBatch ? items : items[0]!;
    return JSON.stringify(transformTRPCResponse(config, answer));
  }
  // One list, what list pages ask for: its gzip in tRPC's envelope, with nothing to stringify.
  const [only] = items;
  if (items.length === 1 && only && "result" in only && only.result.data instanceof RawJson) {
    return { value: only.result.data, envelope: isBatch ? "trpc-batch" : "trpc" };
  }
  // Lists in a batch of several calls go in as PostgreSQL wrote them, never parsed.
  const texts = items.map((item) =>
    "result" in item && item.result.data instanceof RawJson ? `{"result":{"data":${item.result.data.text}}}` : JSON.stringify(item),
  );
  return isBatch ? `[${texts.join(",")}]` : texts[0]!;
}

/** Every other tRPC request, through tRPC's own resolveResponse. */
async function answerAny({ req, reply, path, calls, options }: Call): Promise<string> {
  const incoming: IncomingMessage & { body?: unknown } = req.raw;
  incoming.body = req.body ?? "";
  const response = await resolveResponse({
    router: appRouter,
    req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: JSON_BODY_LIMIT }),
    error: null,
    path,
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: () => options.createContext(req, reply, calls),
    onError: ({ error, path }) => reportUnexpected(options, error, path),
  });
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "content-type" && name !== "content-length") reply.header(name, value);
  });
  return response.text();
}

/**
 * tRPC at /trpc, with Fastify's body handling rather than the adapter's: JSON bodies only, capped like every other
 * body before any byte is read (the stock adapter reads multipart bodies whole, whatever their size), batches
 * capped, and lists sent as PostgreSQL wrote them.
 */
export async function registerTrpc(app: FastifyInstance, options: TrpcOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // tRPC parses the body itself; Fastify only enforces the type and the size.
    scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.route({
      method: ["GET", "POST"],
      url: "/trpc/:path",
      async handler(req, reply) {
        const path = (req.params as { path: string }).path;
        const isBatch = (req.query as { batch?: string }).batch === "1";
        const call: Call = {
          req,
          reply,
          path,
          isBatch,
          calls: isBatch ? path.split(",").length : 1,
          options,
        };
        return sendJson(req, reply, (await answerCalls(call)) ?? (await answerAny(call)));
      },
    });
  });
}

/** The documented REST paths, each calling its procedure through a caller on the request's context. */
export function registerRestRoutes(app: FastifyInstance, createContext: ContextFactory, routes: RestRoute<Caller>[]): void {
  for (const route of routes) {
    const handler: RouteHandlerMethod = async (req, reply) => {
      const caller = createCaller(await createContext(req, reply));
      const result = await route.call(caller, req, reply);
      if (reply.sent) return reply;
      reply.code(route.status ?? 200);
      if (result instanceof RawJson) return sendJson(req, reply, { value: result, envelope: "plain" });
      return sendJson(req, reply, JSON.stringify(result ?? { ok: true }));
    };
    const { upload } = route;
    if (!upload) {
      app.route({ method: route.method, url: route.url, handler });
      continue;
    }
    // Multipart only where a path takes a file, within its own cap: one file, a few small fields, nothing else.
    void app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: upload.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
      });
      scope.route({ method: route.method, url: route.url, handler, config: { uploadBytes: upload.maxBytes } });
    });
  }
}
