import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { createDb, DataDirInUseError, migrateToLatest } from "@kim/db";
import { emailSchema, parseIngredientLine, passwordSchema } from "@kim/domain";
import { ConfigError, loadConfig } from "./config";
import { ensureAdmin, PROMOTED_WARNING } from "./features/admin/bootstrap";

const USAGE = `Usage: pnpm kim <command>

Commands:
  migrate                                      apply pending database migrations
  create-admin --email <email> --password <pw>  create an admin, or promote an existing account
  parse-ingredients                            read ingredient lines on standard input, write {quantity, unit, name} a line`;

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

/** One JSON object for each line read, a blank line's too, so line N of the output is line N of the input. */
async function parseIngredients(input: NodeJS.ReadableStream, out: (line: string) => void): Promise<void> {
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    const { quantity, unit, name } = parseIngredientLine(line);
    out(JSON.stringify({ quantity, unit, name }));
  }
}

/** Runs one CLI command; returns the process exit code. Input comes from `input`, output goes through `out` and `err`. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: { out: (line: string) => void; err: (line: string) => void; input?: NodeJS.ReadableStream } = {
    out: console.log,
    err: console.error,
  },
): Promise<number> {
  const command = argv[0];
  try {
    if (command === "parse-ingredients") {
      await parseIngredients(io.input ?? process.stdin, io.out);
      return 0;
    }
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
        const outcome = await ensureAdmin(handle.db, admin, config.passwordHashing);
        if (outcome === "promoted") io.err(`Warning: ${admin.email} ${PROMOTED_WARNING}`);
        io.out(
          outcome === "created"
            ? `Created admin ${admin.email}`
            : outcome === "promoted"
              ? `${admin.email} is now an admin`
              : `${admin.email} is already an admin; its password is kept`,
        );
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
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    // A pipe takes writes later: exit once what was written has gone, or parse-ingredients' output is cut short.
    (code) => process.stdout.write("", () => process.exit(code)),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
