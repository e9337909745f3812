import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

const LOCK_FILE = "kim.lock";

/** Told to whoever opens a PGlite data folder that another live process holds. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Kim process (pid ${pid}). ` +
        "Only one process may open it at a time: stop that process first, or use PostgreSQL (DATABASE_URL). " +
        "To make the first admin, set KIM_ADMIN_EMAIL and KIM_ADMIN_PASSWORD when starting Kim, or run create-admin while Kim is stopped. " +
        `If no Kim process is running, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = "DataDirInUseError";
  }
}

/** Lock files this process holds. A lock naming this pid that is not here was left by an earlier life of the pid (a container's pid 1). */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && "code" in error ? error.code : undefined;
}

/** Links `from` to `to` unless `to` exists: the lock appears whole, pid included, or not at all. */
function linkIfAbsent(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
}

/**
 * Takes the data folder for this process with a pid file, as PostgreSQL's postmaster.pid. Two PGlite instances on one
 * folder each keep their own copy of the database in memory and the last to write wins, so a second opener (another
 * `pnpm start`, `pnpm kim create-admin` beside a running Kim) must stop instead. The lock of a process that is gone (a
 * crash, a kill -9) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.resolve(dataDir, LOCK_FILE);
  if (held.has(lockPath)) throw new DataDirInUseError(path.resolve(dataDir), process.pid);
  const mine = `${lockPath}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    while (!linkIfAbsent(mine, lockPath)) {
      const pid = readPid(lockPath);
      if (pid !== null && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(path.resolve(dataDir), pid);
      takeOverStale(lockPath, pid);
    }
  } finally {
    unlinkSync(mine);
  }
  held.add(lockPath);
  const release = () => {
    if (!held.delete(lockPath)) return;
    process.off("exit", release);
    if (readPid(lockPath) === process.pid) unlinkSync(lockPath);
  };
  process.once("exit", release);
  return release;
}

/**
 * Moves a stale lock aside. Two processes may find the same stale lock; the rename is atomic, so if the file moved is
 * no longer the stale one, a rival has just taken the folder: its lock goes back and the loop sees it live.
 */
function takeOverStale(lockPath: string, stalePid: number | null): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  if (readPid(aside) !== stalePid) linkIfAbsent(aside, lockPath);
  unlinkSync(aside);
}
