import { createDb, migrateToLatest } from "@kim/db";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { ensureAdmin } from "./features/admin/bootstrap";
import { transportFromConfig } from "./lib/email";

async function main(): Promise<void> {
  const config = loadConfig();
  let app: FastifyInstance | undefined;
  const handle = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) => app?.log.warn({ err }, "database connection lost; the pool opens a new one when needed"),
  });
  await migrateToLatest(handle.db);
  if (config.admin) await ensureAdmin(handle.db, config.admin);
  app = await buildApp({ config, db: handle.db, mailTransport: transportFromConfig(config) });

  let stopping = false;
  const server = app;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, "shutting down: draining requests");
    await server.close();
    await handle.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: handle.kind, url: config.appUrl }, "Kim is running");
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
