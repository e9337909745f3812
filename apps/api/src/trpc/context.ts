import type { Database } from "@kim/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import { loadSession, type SessionUser } from "../features/auth/sessions";
import { lookUpProduct, type OffLookup } from "../features/barcode/open-food-facts";
import type { Mail, MailTransport } from "../lib/email";
import { ListCache } from "../lib/user-lists";

/** What the app is built from; tests build it with their own database and transports. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  mailTransport: MailTransport;
}

export interface CookieOptions {
  maxAge?: number;
}

/**
 * The request and response as procedures see them: the client's address, cookies in and out, response headers.
 * Over HTTP it wraps Fastify's request and reply; tests use `recordingExchange`.
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

/** Services outside Kim that procedures call. */
export interface OutsideClients {
  openFoodFacts(code: string): Promise<OffLookup>;
}

/** Everything a procedure may use. Needs no Fastify request, so tests build it directly for `createCaller`. */
export interface Context {
  config: Config;
  db: Kysely<Database>;
  user: SessionUser | null;
  now(): Date;
  /** Queues a mail in the outbox and wakes the sender. */
  sendMail(mail: Mail): Promise<void>;
  /** This process's serialized lists, checked against the database's versions. */
  lists: ListCache;
  clients: OutsideClients;
  http: Exchange;
}

export type ContextFactory = (req: FastifyRequest, res: FastifyReply, calls?: number) => Promise<Context>;

/** The clients Kim uses in production, pointed where the configuration says. */
export function outsideClients(config: Config): OutsideClients {
  return { openFoodFacts: (code) => lookUpProduct(config.offApiUrl, code) };
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

/** An exchange that records what a procedure set, for tests that call procedures without HTTP. */
export function recordingExchange(init: { ip?: string; cookies?: Record<string, string> } = {}) {
  const cookies = new Map(Object.entries(init.cookies ?? {}));
  const headers = new Map<string, string>();
  const exchange: Exchange = {
    ip: init.ip ?? "127.0.0.1",
    calls: 1,
    cookie: (name) => cookies.get(name),
    setCookie: (name, value) => void cookies.set(name, value),
    clearCookie: (name) => void cookies.delete(name),
    header: (name, value) => void headers.set(name.toLowerCase(), value),
  };
  return { exchange, cookies, headers };
}

/** The HTTP context: the session's user (its cookie re-sent when the session was renewed) around the inner one. */
export function contextFactory(deps: AppDeps, inner: Pick<Context, "sendMail" | "lists" | "clients">): ContextFactory {
  const secure = deps.config.appUrl.startsWith("https:");
  return async (req, res, calls) => {
    const http = fastifyExchange(req, res, secure, calls);
    const user = await loadSession(deps.db, http);
    return { config: deps.config, db: deps.db, user, now: () => new Date(), http, ...inner };
  };
}

/** A context for calling procedures directly (tests, scripts): a fresh list cache and a recording exchange by default. */
export function innerContext(base: Pick<Context, "config" | "db"> & Partial<Context>): Context {
  return {
    user: null,
    now: () => new Date(),
    sendMail: async () => {},
    lists: new ListCache(),
    clients: outsideClients(base.config),
    http: recordingExchange().exchange,
    ...base,
  };
}
