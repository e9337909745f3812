import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  /** Everything the server printed, mail from the console transport included. */
  outputFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A port nothing listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningTestServer extends RunningServer {
  /** The fixture API of e2e/test-server.ts (loopback only). */
  fixtureURL: string;
}

/** Starts the built API (which serves the built SPA) on a free port with a fresh embedded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return onFreePorts(() => launch([path.join(root, "apps/api/dist/main.js")], env));
}

/**
 * Starts e2e/test-server.ts under tsx: the same app (serving the built SPA) plus a fixture API on a second loopback
 * port that creates users, sessions and ingredients directly in the database.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<RunningTestServer> {
  return onFreePorts(async () => {
    const fixturePort = await freePort();
    // tsx as a loader keeps it one process, so SIGTERM reaches the server itself.
    const server = await launch(["--import", "tsx", path.join(root, "e2e/test-server.ts")], { ...env, FIXTURE_PORT: String(fixturePort) });
    return { ...server, fixtureURL: `http://127.0.0.1:${fixturePort}` };
  });
}

class PortTaken extends Error {}

/**
 * A port is found free, then the server binds it: between the two, a browser's connection or another test file's
 * server (files run in parallel) can take it. A start that lost its port tries again on new ones.
 */
async function onFreePorts<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error;
    }
  }
}

async function launch(args: string[], env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "kim-e2e-"));
  const outputFile = path.join(dataDir, `server-output-${port}.log`);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = createWriteStream(outputFile);
  child.stdout?.pipe(output);
  const closed = new Promise((resolve) => child.once("close", resolve));
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    if (errors.length < 10_000) errors += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await closed; // all it printed has been read
      if (errors.includes("EADDRINUSE")) throw new PortTaken(`port ${port} was taken before the server bound it`);
      throw new Error(`server exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    outputFile,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
