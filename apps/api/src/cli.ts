import { parseArgs } from "node:util";
import { createDb, migrateToLatest } from "@kim/db";
import { emailSchema, passwordSchema } from "@kim/domain";
import { ConfigError, loadConfig } from "./config";
import { ensureAdmin } from "./features/admin/bootstrap";

const USAGE = `Usage: pnpm kim <command>

Commands:
  migrate                                      apply pending database migrations
  create-admin --email <email> --password <pw>  create an admin, or promote an existing account`;

class UsageError extends Error {}

function adminArgs(argv: string[]): { email: string; password: string } {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: "string" }, password: { type: "string" } },
    allowPositionals: true,
  });
  const email = emailSchema.safeParse(values.email ?? "");
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}`);
  const password = passwordSchema.safeParse(values.password ?? "");
  if (!password.success) throw new UsageError(`--password: ${password.error.issues[0]?.message}`);
  return { email: email.data, password: password.data };
}

/** Runs one CLI command; returns the process exit code. Output goes through `out` and `err`. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: { out: (line: string) => void; err: (line: string) => void } = { out: console.log, err: console.error },
): Promise<number> {
  const command = argv[0];
  try {
    if (command !== "migrate" && command !== "create-admin") {
      throw new UsageError(command ? `Unknown command: ${command}` : "No command given");
    }
    const admin = command === "create-admin" ? adminArgs(argv.slice(1)) : null;
    const config = loadConfig(env);
    const handle = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 1 });
    try {
      const applied = await migrateToLatest(handle.db);
      if (!admin) {
        io.out(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date");
      } else {
        const outcome = await ensureAdmin(handle.db, admin);
        io.out(outcome === "created" ? `Created admin ${admin.email}` : `${admin.email} is now an admin`);
      }
      return 0;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
