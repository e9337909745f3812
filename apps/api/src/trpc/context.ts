import type { Database } from "@kim/db";
import { LIVE_ID_HEADER } from "@kim/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { servedOverHttps, type Config } from "../config";
import type { Mail, MailTransport } from "../lib/email";
import { fastifyExchange, memoryExchange, type Exchange } from "../lib/exchange";
import { ListCache } from "../lists";
import { liveEventIdOfLists } from "../live";
import { outsideClients, type OutsideClients } from "../outside/clients";
import { loadSession, SESSION_COOKIE, type SessionUser } from "../sessions/sessions";

/** What the app is built from; tests build it with their own database and transports. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  mailTransport: MailTransport;
}

/** Everything a procedure may use. Needs no Fastify request, so tests build it directly for `createCaller`. */
export interface Context {
  config: Config;
  db: Kysely<Database>;
  user: SessionUser | null;
  /**
   * The session cookie's token when the session was left for the procedure's own statement to check
   * (`sessionCreateProcedure`): `user` is then null without meaning signed out.
   */
  uncheckedSession?: string;
  now(): Date;
  /** Resolves after `ms` on the same clock as `now` (tests move a fake clock on instead of sleeping). */
  wait(ms: number): Promise<void>;
  /**
   * Queues a mail in the outbox through `db` and wakes the sender. Pass the procedure's own `ctx.db`: inside a keyed
   * call's transaction the mail is queued in it and the sender woken once it commits (a rolled-back change sends
   * nothing), and on PGlite's one connection a write outside it would wait for the transaction forever.
   */
  sendMail(db: Kysely<Database>, mail: Mail): Promise<void>;
  /** This process's serialized lists, checked against the database's versions. */
  lists: ListCache;
  clients: OutsideClients;
  http: Exchange;
}

/** `checksSession`: every call of the request checks the session in its own statement (see Context.uncheckedSession). */
export type ContextFactory = (req: FastifyRequest, res: FastifyReply, calls?: number, checksSession?: boolean) => Promise<Context>;

/** Signed-in users whose session was looked up before their request's body was read (see `sessionBeforeBody`). */
const earlyUsers = new WeakMap<FastifyRequest, SessionUser>();

/**
 * The request's signed-in user, looked up before its body is read (app.ts does it for a body larger than a stranger
 * may send) and kept for its context, so the lookup is still made once.
 */
export async function sessionBeforeBody(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Promise<SessionUser | null> {
  const user = await loadSession(deps.db, fastifyExchange(req, res, servedOverHttps(deps.config)));
  if (user) earlyUsers.set(req, user);
  return user;
}

/** The HTTP context: the session's user (its cookie re-sent when the session was renewed) around the inner one. */
export function contextFactory(deps: AppDeps, inner: Pick<Context, "sendMail" | "lists" | "clients">): ContextFactory {
  const secure = servedOverHttps(deps.config);
  return async (req, res, calls, checksSession) => {
    const http = fastifyExchange(req, res, secure, calls);
    const early = earlyUsers.get(req);
    if (checksSession && !early) {
      const uncheckedSession = http.cookie(SESSION_COOKIE);
      return { config: deps.config, db: deps.db, user: null, uncheckedSession, now, wait, http, ...inner };
    }
    const user = early ?? (await loadSession(deps.db, http));
    // The versions this request's reads start from: the web app's first live stream compares them with its own.
    if (user && user.listVersions !== undefined) http.header(LIVE_ID_HEADER, liveEventIdOfLists(user.listVersions));
    return { config: deps.config, db: deps.db, user, now, wait, http, ...inner };
  };
}

const now = () => new Date();
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A context for calling procedures directly (tests, scripts): a fresh list cache and an in-memory exchange by default. */
export function innerContext(base: Pick<Context, "config" | "db"> & Partial<Context>): Context {
  return {
    user: null,
    now,
    wait,
    sendMail: async () => {},
    lists: new ListCache(),
    clients: outsideClients(base.config),
    http: memoryExchange(),
    ...base,
  };
}
