import { parseArgs } from "node:util";
import { createDb, migrateToLatest } from "@kim/db";
import { ConfigError, loadConfig } from "./config";

const USAGE = `Usage: pnpm kim <command>

Commands:
  migrate    apply pending database migrations`;

/** Runs one CLI command; returns the process exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: false });
  const command = positionals[0];
  if (command !== "migrate") {
    console.error(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const handle = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date");
    return 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
