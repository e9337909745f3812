import type { Database } from "@kim/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import { findSession, readSessionToken, setSessionCookie, type SessionUser } from "../features/auth/sessions";
import type { Mail, MailTransport } from "../lib/email";
import { ListCache } from "../lib/list-cache";
import type { Ingredient } from "../features/inventory/queries";

/** What the app is built from; tests build it with their own database and transports. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  mailTransport: MailTransport;
}

export interface Context {
  config: Config;
  db: Kysely<Database>;
  req: FastifyRequest;
  res: FastifyReply;
  user: SessionUser | null;
  /** True when the app is served over https, so cookies are Secure. */
  secure: boolean;
  /** Queues a mail in the outbox and wakes the sender. */
  sendMail(mail: Mail): Promise<void>;
  /** This process's caches of serialized lists, checked against database versions. */
  caches: Caches;
}

export interface Caches {
  ingredients: ListCache<Ingredient[]>;
}

export type ContextFactory = (req: FastifyRequest, res: FastifyReply) => Promise<Context>;

export function contextFactory(deps: AppDeps, sendMail: Context["sendMail"]): ContextFactory {
  const secure = deps.config.appUrl.startsWith("https:");
  const caches: Caches = { ingredients: new ListCache() };
  return async (req, res) => {
    const token = readSessionToken(req);
    const session = token ? await findSession(deps.db, token) : null;
    if (token && session?.renewed) setSessionCookie(res, token, secure);
    return { config: deps.config, db: deps.db, req, res, user: session?.user ?? null, secure, sendMail, caches };
  };
}
