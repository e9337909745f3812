// The multipart plugin adds isMultipart and parts to requests (registered only on upload paths).
import type {} from "@fastify/multipart";
import { createWriteStream } from "node:fs";
import type { OutgoingHttpHeaders } from "node:http";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { TRPCError } from "@trpc/server";
import type { FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { appError } from "./errors";
import { BODY_REFUSALS, declaredLength, MULTIPART_SLACK_BYTES } from "./request-bodies";

/**
 * One documented REST path: it calls the same tRPC procedure the web app uses, so the logic exists once.
 * `call` only maps the request onto the procedure's input. `TCaller` is what it calls: a feature's procedures under
 * its name (`CallerOf` in trpc/init), so a feature's table needs no other feature, nor the app's router.
 */
export interface RestRoute<TCaller> {
  method: HTTPMethods;
  url: string;
  status?: number;
  /** The path takes one uploaded file (multipart) of at most this size instead of a JSON body; see `PendingUpload`. */
  upload?: { maxBytes: number };
  call: (caller: TCaller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
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

/** An upload's bytes, counted against its sender's and the process's bodies in flight until `release`. */
export interface ReadUpload {
  bytes: Uint8Array<ArrayBuffer>;
  release(): void;
}

/**
 * The file in form field `field` of an upload, not read yet: the procedure reads it once it has checked who sends it
 * and whether they may (session, plan, limits), so a refused request costs no body. Typed by the procedure's schema
 * (`z.instanceof(PendingUpload)`), so tRPC's JSON path cannot hand one in.
 */
export class PendingUpload {
  constructor(
    private readonly req: FastifyRequest,
    private readonly field: string,
  ) {}

  /** The request and form field it reads, for `saveUpload`. */
  get source(): { req: FastifyRequest; field: string } {
    return { req: this.req, field: this.field };
  }

  /**
   * The file's bytes, or undefined without one. Before a byte is read, a declared length over the path's cap answers
   * 413, a user with too many bytes in flight 429 and a process with too many 503; while reading, a file over the cap
   * answers 413 and one that has not arrived in time 408.
   */
  async read(user: string): Promise<ReadUpload | undefined> {
    const { req } = this;
    if (!req.isMultipart()) return undefined;
    const cap = (req.routeOptions.config.uploadBytes ?? 0) + MULTIPART_SLACK_BYTES;
    const declared = declaredLength(req);
    if (declared !== null && declared > cap) throw BODY_REFUSALS.tooLarge();
    const budget = req.server.bodies;
    // What the body may grow to is held from the start: a chunked body declares nothing.
    const held = declared ?? cap;
    const refusal = budget.take(held, user);
    if (refusal) throw refusal;
    let released = false;
    const release = () => {
      if (!released) budget.give(held, user);
      released = true;
    };
    try {
      const bytes = await withDeadline(
        readingForm(() => fileIn(req, this.field)),
        budget.limits.timeoutMs,
      );
      if (!bytes) release();
      return bytes && { bytes, release };
    } catch (error) {
      release();
      throw error;
    }
  }
}

/**
 * Streams the file in form field `field` to `path` on disk, so a large upload never sits in memory (it holds none of
 * the process's body budget): answers its size, or undefined without one. A declared length over the path's cap answers
 * 413 before a byte is read, a file growing past it 413, and one not arrived within `deadlineMs` 408.
 */
export async function saveUpload(upload: PendingUpload, path: string, deadlineMs: number): Promise<number | undefined> {
  const { req, field } = upload.source;
  if (!req.isMultipart()) return undefined;
  const maxBytes = req.routeOptions.config.uploadBytes ?? 0;
  const declared = declaredLength(req);
  if (declared !== null && declared > maxBytes + MULTIPART_SLACK_BYTES) throw BODY_REFUSALS.tooLarge();
  const save = async () => {
    for await (const part of req.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(bytes > maxBytes ? BODY_REFUSALS.tooLarge() : null, chunk);
        },
      });
      await pipeline(part.file, count, createWriteStream(path));
      // The multipart reader stops a file at its cap (fileSize) and only marks it cut short.
      if (part.file.truncated) throw BODY_REFUSALS.tooLarge();
      return bytes;
    }
    return undefined;
  };
  return withDeadline(readingForm(save), deadlineMs);
}

/**
 * A download that sends nothing for this long is ended: a client that stopped reading would otherwise hold it (and what
 * it holds: an export's place and memory) for as long as its connection stays open.
 */
export const DOWNLOAD_LIMITS = { stalledMs: 60_000 };

/**
 * Where a path that answers a file (not JSON) sends it: the procedure checks who asks first, so a refusal is still a
 * JSON error, then streams the file straight to the response. Typed by the procedure's schema
 * (`z.instanceof(PendingDownload)`), so tRPC's JSON path cannot ask for one.
 */
export class PendingDownload {
  constructor(private readonly reply: FastifyReply) {}

  /**
   * Streams `body` as the answer, a file named `fileName` (to save, or `inline` to show, which the browser may keep for
   * `keepSeconds`); resolves once it is all sent, or once the client has left (cancelled, or stopped reading past
   * DOWNLOAD_LIMITS.stalledMs).
   */
  async send(
    fileName: string,
    contentType: string,
    body: Readable,
    { inline = false, keepSeconds = 0 }: { inline?: boolean; keepSeconds?: number } = {},
  ): Promise<void> {
    const { reply } = this;
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      "content-type": contentType,
      "content-disposition": `${inline ? "inline" : "attachment"}; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": keepSeconds > 0 ? `private, max-age=${keepSeconds}` : "private, no-store",
    });
    reply.raw.setTimeout(DOWNLOAD_LIMITS.stalledMs, () => reply.raw.destroy());
    try {
      await pipeline(body, reply.raw);
    } catch (error) {
      // The response closed before it was all sent: the client went away, which is theirs to do, not a failure of ours.
      if ((error as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
      reply.log.info({ fileName }, "download ended early: the client left");
    }
  }
}

export const FORM_REFUSALS = {
  tooManyParts: () => appError("PAYLOAD_TOO_LARGE", "The form holds more than one file, or more fields than this path takes."),
  malformed: () => appError("BAD_REQUEST", "The upload is not a complete multipart form: send the file in one form field."),
};

/**
 * Reads a multipart body with `read`, answering what the multipart reader refuses as the sender's error rather than a
 * 500: a file over the cap 413, a second file or too many fields 413, and a form that is no form (no boundary, cut
 * short, a bad part header) 400. Errors of the disk or of Kim's own pass as they are.
 */
async function readingForm<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof TRPCError || !(error instanceof Error)) throw error;
    const { statusCode, code } = error as Error & { statusCode?: number; code?: string };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw BODY_REFUSALS.tooLarge();
    if (statusCode === 413) throw FORM_REFUSALS.tooManyParts();
    // @fastify/multipart's other refusals carry a 4xx; busboy's (the form's syntax) are plain Errors with no code.
    const busboys = Object.getPrototypeOf(error) === Error.prototype && statusCode === undefined && code === undefined;
    if (busboys || (statusCode !== undefined && statusCode < 500)) throw FORM_REFUSALS.malformed();
    throw error;
  }
}

async function fileIn(req: FastifyRequest, field: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  for await (const part of req.parts()) {
    if (part.type === "file" && part.fieldname === field) return new Uint8Array(await part.toBuffer());
    if (part.type === "file") part.file.resume();
  }
  return undefined;
}

/** The reading's answer, or 408 when it takes longer than `ms` (the reading is then left to the closing connection). */
function withDeadline<T>(reading: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(BODY_REFUSALS.tooSlow()), ms);
  });
  reading.catch(() => {});
  return Promise.race([reading, late]).finally(() => clearTimeout(timer));
}
