import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface CookieOptions {
  maxAge?: number;
}

/**
 * The request and response as procedures see them: the client's address, cookies in and out, response headers.
 * Over HTTP it wraps Fastify's request and reply; procedures called directly use `memoryExchange`.
 */
export interface Exchange {
  /** The client's address (from X-Forwarded-For when TRUST_PROXY is set), for rate limits. */
  ip: string;
  /** How many procedure calls the request carries (a tRPC batch carries several). */
  calls: number;
  /** The request's Idempotency-Key header, if it sent one (see lib/idempotency). */
  idempotencyKey: string | undefined;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
  header(name: string, value: string): void;
  /**
   * Aborted when the client hangs up before its answer is sent (a dialog closed, a script stopped): long work done for
   * it (a page fetch, a model's answer) stops, and the places it holds are let go.
   */
  readonly signal: AbortSignal;
}

/**
 * An exchange over Fastify: the cookie attributes come from one place, Secure when Kim is served over https. A class,
 * so a request costs one small object rather than a closure per method (every request makes one), and the address
 * is read only by the procedures that use it.
 */
export function fastifyExchange(req: FastifyRequest, res: FastifyReply, secure: boolean, calls = 1): Exchange {
  return new FastifyExchange(req, res, secure ? SECURE_COOKIE : PLAIN_COOKIE, calls);
}

const PLAIN_COOKIE = { path: "/", httpOnly: true, sameSite: "lax", secure: false } as const;
const SECURE_COOKIE = { ...PLAIN_COOKIE, secure: true } as const;

class FastifyExchange implements Exchange {
  private hangUp: AbortController | undefined;

  constructor(
    private readonly req: FastifyRequest,
    private readonly res: FastifyReply,
    private readonly base: typeof PLAIN_COOKIE | typeof SECURE_COOKIE,
    readonly calls: number,
  ) {}

  get ip(): string {
    return this.req.ip;
  }

  get idempotencyKey(): string | undefined {
    const key = this.req.headers["idempotency-key"];
    // Sent twice, Node joins it with ", ", which no key may hold: lib/idempotency refuses it.
    return Array.isArray(key) ? key.join(", ") : key;
  }

  cookie(name: string): string | undefined {
    return this.req.cookies[name] || undefined;
  }

  setCookie(name: string, value: string, options?: CookieOptions): void {
    void this.res.setCookie(name, value, { ...this.base, ...options });
  }

  clearCookie(name: string): void {
    void this.res.clearCookie(name, this.base);
  }

  header(name: string, value: string): void {
    void this.res.header(name, value);
  }

  /** Made when first asked for: only procedures doing long work listen for the client leaving. */
  get signal(): AbortSignal {
    if (this.hangUp) return this.hangUp.signal;
    const hangUp = (this.hangUp = new AbortController());
    const res = this.res.raw;
    // "close" also follows an answer sent in full: that is no hang-up.
    if (res.destroyed) hangUp.abort();
    else
      res.once("close", () => {
        if (!res.writableFinished) hangUp.abort();
      });
    return hangUp.signal;
  }
}

/** Directly called procedures have no client to hang up. */
const NEVER_ABORTED = new AbortController().signal;

/** An exchange without HTTP, for procedures called directly (tests, scripts): cookies live in memory. */
export function memoryExchange(): Exchange {
  const cookies = new Map<string, string>();
  return {
    ip: "127.0.0.1",
    calls: 1,
    idempotencyKey: undefined,
    cookie: (name) => cookies.get(name),
    setCookie: (name, value) => void cookies.set(name, value),
    clearCookie: (name) => void cookies.delete(name),
    header: () => {},
    signal: NEVER_ABORTED,
  };
}
