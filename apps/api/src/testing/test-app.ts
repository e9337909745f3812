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
