import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { TRPCError } from "@trpc/server";
import type { FastifyRequest } from "fastify";
import { appError } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    /** The bytes of request bodies this process holds (see BodyBudget). */
    bodies: BodyBudget;
  }
  interface FastifyContextConfig {
    /** The largest body a request without a session cookie may send here, where strangers send more than most. */
    strangerBodyBytes?: number;
    /** On a path that takes an upload: the largest file (see lib/rest's `PendingUpload`). */
    uploadBytes?: number;
  }
}

/** Bounds on request bodies: what a stranger, a user and the whole process may have in memory at once, and for how long. */
export interface BodyLimits {
  /** Bytes of request bodies (JSON and uploads alike) this process holds at once; past it, 503. */
  processBytes: number;
  /** Bytes of uploads one user has in flight at once; past it, 429. */
  userUploadBytes: number;
  /** The largest body of a request that carries no session cookie (login, signup, reset take a few hundred bytes). */
  strangerBytes: number;
  /** A body must have arrived this long after the server began reading it; past it, 408 and the connection closes. */
  timeoutMs: number;
  /** How long the rest of a body answered before it arrived is read and dropped, before its connection closes. */
  lingerMs: number;
}

const MIB = 1024 * 1024;
/** Room for a multipart body's boundaries and headers around its file. */
export const MULTIPART_SLACK_BYTES = 64 * 1024;

export const BODY_LIMITS: BodyLimits = {
  // Four 20 MB PDFs at once, or many JSON bodies: the memory a small server can spare for bodies in flight.
  processBytes: 96 * MIB,
  // Two PDFs at once: a cook may pick a second file while the first is read.
  userUploadBytes: 2 * (20 * MIB + MULTIPART_SLACK_BYTES),
  strangerBytes: 64 * 1024,
  // 20 MB arrives in under a minute at 3 Mbit/s; a body dripped slower holds the connection for nothing.
  timeoutMs: 60_000,
  // Enough for the answer to reach the client while it still sends; closing at once would reset the connection.
  lingerMs: 2_000,
};

export const BODY_REFUSALS = {
  tooLarge: () => appError("PAYLOAD_TOO_LARGE", "The request body is too large"),
  busy: () => appError("SERVICE_UNAVAILABLE", "The server is busy receiving other uploads. Please try again in a minute."),
  userBusy: () => appError("TOO_MANY_REQUESTS", "You are already uploading files. Wait for them to finish, then try again."),
  tooSlow: () => appError("TIMEOUT", "The request took too long to arrive. Please try again on a faster connection."),
};

/** The bytes of request bodies held by this process, in all and per user. */
export class BodyBudget {
  private total = 0;
  private readonly byUser = new Map<string, number>();

  constructor(readonly limits: BodyLimits) {}

  /** Takes `bytes` for `user` (null: counted for the process only); or, taking nothing, the refusal of the bound they pass. */
  take(bytes: number, user: string | null): TRPCError | null {
    const mine = user === null ? 0 : (this.byUser.get(user) ?? 0);
    if (user !== null && mine + bytes > this.limits.userUploadBytes) return BODY_REFUSALS.userBusy();
    if (this.total + bytes > this.limits.processBytes) return BODY_REFUSALS.busy();
    this.total += bytes;
    if (user !== null) this.byUser.set(user, mine + bytes);
    return null;
  }

  give(bytes: number, user: string | null): void {
    this.total -= bytes;
    if (user === null) return;
    const left = (this.byUser.get(user) ?? 0) - bytes;
    if (left > 0) this.byUser.set(user, left);
    else this.byUser.delete(user);
  }

  /** Bytes held now, for tests and the bench. */
  get held(): number {
    return this.total;
  }
}

/** The length the client declared, or null when it sends the body in chunks. */
export function declaredLength(req: FastifyRequest): number | null {
  const header = req.headers["content-length"];
  return header === undefined || !/^\d+$/.test(header) ? null : Number(header);
}

/** Whether the request carries a body to read (a declared length above zero, or chunks). */
export function hasBody(req: FastifyRequest): boolean {
  const length = declaredLength(req);
  return length === null ? req.headers["transfer-encoding"] !== undefined : length > 0;
}

/**
 * A body stream that counts what it passes against the process's budget and the request's own cap, and fails with
 * 408 when the body has not arrived within the time limit: the guard Fastify's parsers read through (see app.ts).
 */
export function guardedBody(payload: Readable, budget: BodyBudget, capBytes: number): Readable {
  let held = 0;
  const giveBack = () => {
    clearTimeout(timer);
    budget.give(held, null);
    held = 0;
  };
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (held + chunk.length > capBytes) return callback(BODY_REFUSALS.tooLarge());
      const refusal = budget.take(chunk.length, null);
      if (refusal) return callback(refusal);
      held += chunk.length;
      callback(null, chunk);
    },
  });
  const timer = setTimeout(() => guard.destroy(BODY_REFUSALS.tooSlow()), budget.limits.timeoutMs);
  // Fastify's parser has a copy of every chunk by the end; the budget covers the time the body is arriving. A body
  // no parser reads (a refused type) is given back when the request ends (see app.ts, which destroys the guard).
  guard.once("close", giveBack);
  guard.once("end", giveBack);
  guard.on("error", () => {});
  payload.once("error", (error) => guard.destroy(error));
  return payload.pipe(guard);
}
