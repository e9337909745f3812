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
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
  header(name: string, value: string): void;
}

/** An exchange over Fastify: the cookie attributes come from one place, Secure when Kim is served over https. */
export function fastifyExchange(req: FastifyRequest, res: FastifyReply, secure: boolean, calls = 1): Exchange {
  const base = { path: "/", httpOnly: true, sameSite: "lax", secure } as const;
  return {
    ip: req.ip,
    calls,
    cookie: (name) => req.cookies[name] || undefined,
    setCookie: (name, value, options) => void res.setCookie(name, value, { ...base, ...options }),
    clearCookie: (name) => void res.clearCookie(name, base),
    header: (name, value) => void res.header(name, value),
  };
}

/** An exchange without HTTP, for procedures called directly (tests, scripts): cookies live in memory. */
export function memoryExchange(): Exchange {
  const cookies = new Map<string, string>();
  return {
    ip: "127.0.0.1",
    calls: 1,
    cookie: (name) => cookies.get(name),
    setCookie: (name, value) => void cookies.set(name, value),
    clearCookie: (name) => void cookies.delete(name),
    header: () => {},
  };
}
