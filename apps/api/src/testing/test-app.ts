import { Writable } from "node:stream";
import { createTestDatabase } from "@kim/db/testing";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { loadConfig, type Config } from "../config";
import { consoleTransport, type MailTransport } from "../lib/email";
import type { AppDeps } from "../trpc/context";

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every log line the app wrote, for checks that secrets never reach the logs. */
  logs: string[];
  /** Mail the console transport printed (unless another transport was given). */
  mails: string[];
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite, or PostgreSQL under KIM_TEST_DB=postgres), driven by app.inject. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { mailTransport?: MailTransport } = {},
): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config: Config = { ...loadConfig({ LOG_LEVEL: "info" }), webDistDir: null, ...overrides };
  const mails: string[] = [];
  const deps: AppDeps = { config, db: handle.db, mailTransport: options.mailTransport ?? consoleTransport((text) => mails.push(text)) };
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(deps, { logStream });
  return {
    app,
    deps,
    logs,
    mails,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

let addressCounter = 0;
/** A distinct client address per call, so rate limits keyed by address don't couple unrelated tests. */
export function freshAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The `name=value` pair of the session cookie a response set. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === "kim_session");
  if (!cookie) throw new Error("no session cookie was set");
  return `kim_session=${cookie.value}`;
}

/** Signs a new user up through the REST path and answers the session cookie. */
export async function signUp(
  app: FastifyInstance,
  user: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/signup",
    payload: { password: "correct horse battery", ...user },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}
