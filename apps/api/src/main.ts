import { fileURLToPath } from "node:url";
import { createDb, DataDirInUseError, migrateToLatest } from "@kim/db";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { ensureAdmin, PROMOTED_WARNING } from "./features/admin/bootstrap";
import { sweepImportFolders } from "./features/transfer/service";
import { transportFromConfig } from "./lib/email";
import { trackConnections } from "./lib/graceful-stop";

/** How long a stopping process keeps answering, /healthz saying 503, before it stops listening (see graceful-stop). */
const DRAIN_MS = 1000;
/**
 * After it stops listening, how long open connections have to bring their requests; kept-alive ones sending nothing
 * are closed then. With the drain, within the 10 s a container runtime (docker stop) waits before killing.
 */
const FINISH_MS = 5000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Until the app (and its logger) exists, a lost connection is printed.
  let connectionLost = (err: Error) => console.error("database connection lost:", err.message);
  const handle = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // Written by the build beside this file: a new embedded database starts as its copy (decision 0034).
    pgliteTemplate: fileURLToPath(new URL("./pglite-template", import.meta.url)),
    maxConnections: config.databasePoolSize,
    onConnectionError: (err) => connectionLost(err),
  });
  await migrateToLatest(handle.db);
  const adminOutcome = config.admin && (await ensureAdmin(handle.db, config.admin, config.passwordHashing));
  // What an import left when its process died (the transfer feature's job sweeps hourly too).
  await sweepImportFolders(config.dataDir);
  const app = await buildApp({ config, db: handle.db, mailTransport: transportFromConfig(config) });
  connectionLost = (err) => app.log.warn({ err }, "database connection lost; the pool opens a new one when needed");
  if (adminOutcome === "promoted") app.log.warn(`KIM_ADMIN_EMAIL ${config.admin?.email} ${PROMOTED_WARNING}`);

  const connections = trackConnections(app.server);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: draining requests");
    app.startDraining();
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    await connections.stopAccepting();
    app.log.info("stopped listening: answering the requests of open connections");
    await connections.drain(FINISH_MS);
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
  console.error(err instanceof ConfigError || err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
