import { Writable } from "node:stream";
import type { NewUser } from "@kim/db";
import { createTestDatabase } from "@kim/db/testing";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { loadConfig, type Config, type PasswordHashing } from "../config";
import { hashPassword } from "../features/auth/passwords";
import { userColumns } from "../sessions/user-columns";
import { createSession, SESSION_COOKIE } from "../sessions/sessions";
import { consoleTransport, type MailTransport } from "../lib/email";
import type { BodyLimits } from "../lib/request-bodies";
import { innerContext, type AppDeps, type Context } from "../trpc/context";
import { createCaller } from "../router";

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every log line the app wrote, for checks that secrets never reach the logs. */
  logs: string[];
  /** Mail the console transport printed (unless another transport was given). */
  mails: string[];
  /** The PostgreSQL database's address (unset on PGlite), for a second connection pool as another process has. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * argon2id at a test's cost: the shape of production's (config.ts), a sliver of its work, as sign-up and sign-in
 * tests hash and verify hundreds of times.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1 };

/** The real app on a fresh database (PGlite, or PostgreSQL under KIM_TEST_DB=postgres), driven by app.inject. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { mailTransport?: MailTransport; bodyLimits?: BodyLimits } = {},
): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: "info" }),
    webDistDir: null,
    passwordHashing: TEST_PASSWORD_HASHING,
    ...overrides,
  };
  const mails: string[] = [];
  const deps: AppDeps = { config, db: handle.db, mailTransport: options.mailTransport ?? consoleTransport((text) => mails.push(text)) };
  const logs: string[] = [];
  const app = await buildApp(deps, { logStream: logInto(logs), bodyLimits: options.bodyLimits });
  return {
    app,
    deps,
    logs,
    mails,
    databaseUrl: handle.url,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A log stream that keeps each line in `logs`. */
function logInto(logs: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
}

/**
 * A second app on the test app's database, as another API process would be (its own list cache, nothing shared
 * but PostgreSQL); its log lines go to `t.logs` too. The caller closes it.
 */
export function anotherProcess(t: Pick<TestApp, "deps" | "logs">): Promise<FastifyInstance> {
  return buildApp(t.deps, { logStream: logInto(t.logs) });
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

/**
 * Signs a new user up through the REST path and answers the session cookie. Only for the signup and login tests
 * (auth.test.ts): every other suite uses `createUser`, so it never spends the signup limit.
 */
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

let userCounter = 0;

/**
 * A user and a signed-in session made directly in the database, so suites never spend the signup or login limits
 * (only those paths' own tests go through them). Answers the row and the Cookie header value.
 */
export async function createUser(t: Pick<TestApp, "deps">, fields: Partial<Omit<NewUser, "password">> & { password?: string } = {}) {
  userCounter++;
  const { password, ...rest } = fields;
  const user = await t.deps.db
    .insertInto("users")
    .values({
      email: `user${userCounter}-${Date.now()}@example.com`,
      ...rest,
      password: password ? await hashPassword(password, t.deps.config.passwordHashing) : null,
    })
    .returning(userColumns)
    .executeTakeFirstOrThrow();
  const cookie = `${SESSION_COOKIE}=${await createSession(t.deps.db, user.id)}`;
  // Every account starts in its own household (decision 0036): the session reads it beside the user.
  const { householdId } = await t.deps.db
    .selectFrom("householdMembers")
    .select("householdId")
    .where("userId", "=", user.id)
    .executeTakeFirstOrThrow();
  return { ...user, householdId, cookie };
}

/** A tRPC caller on an inner context, as `user` (or signed out), with no HTTP in between. */
export function callerFor(t: Pick<TestApp, "deps">, user: Context["user"] = null, overrides: Partial<Context> = {}) {
  const ctx = innerContext({ config: t.deps.config, db: t.deps.db, user, ...overrides });
  return { caller: createCaller(ctx), ctx };
}
