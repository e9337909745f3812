import { createDb, migrateToLatest } from "@kim/db";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { ensureAdmin } from "./features/admin/bootstrap";
import { transportFromConfig } from "./lib/email";

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  if (config.admin) await ensureAdmin(handle.db, config.admin);
  const app = await buildApp({ config, db: handle.db, mailTransport: transportFromConfig(config) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: draining requests");
    await app.close();
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
