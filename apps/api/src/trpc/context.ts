import type { Database } from "@kim/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import { findSessionUser, readSessionToken, type SessionUser } from "../features/auth/sessions";

/** What the app is built from; tests build it with their own database and stand-in services. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
}

export interface Context extends AppDeps {
  req: FastifyRequest;
  res: FastifyReply;
  user: SessionUser | null;
  /** True when the app is served over https, so cookies are Secure. */
  secure: boolean;
}

export async function createContext(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const token = readSessionToken(req);
  const user = token ? await findSessionUser(deps.db, token) : null;
  return { ...deps, req, res, user, secure: deps.config.appUrl.startsWith("https:") };
}
