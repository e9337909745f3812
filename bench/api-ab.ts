/**
 * The API's bench figures (the README's table) for two builds in one run, their runs interleaved: this machine's
 * speed moves from minute to minute, and a figure is only worth comparing with one taken beside it.
 *
 *   pnpm exec tsx bench/api-ab.ts [--before d137f64] [--after HEAD] [--rounds 2] [--benches inventory,writes,...] [--keep]
 *
 * Each revision is checked out in a temporary worktree outside the repository (in the system's temp folder),
 * installed from the lockfile and built as `pnpm start` builds it. Then, for each bench, each round runs the bench
 * once in each build, taking turns (before, after; then after, before), each as that build's own
 * `apps/api/bench/<name>.ts`, whose every figure is already measured beside its bare route in the same process. A
 * bench the older build does not have is run in the newer one only, said so; `pglite` runs once a round in the newer
 * build with the older build's server as its `--baseline`. The worktrees are removed at the end (`--keep` leaves them).
 *
 * Environment, passed to every bench: BENCH_SECONDS, BENCH_ROUNDS (each bench's own alternating rounds),
 * TEST_DATABASE_URL. A smoke test: `BENCH_SECONDS=1 BENCH_ROUNDS=1 pnpm exec tsx bench/api-ab.ts --benches writes --rounds 1`.
 * Run it on a quiet machine: the full run takes about an hour.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

/** The benches behind the README's API rows, in the order `pnpm bench` runs them. */
const BENCHES = ["inventory", "recipes", "lists", "writes", "generate", "admin-users", "hostile-uploads", "pglite"];

const { values } = parseArgs({
  options: {
    before: { type: "string", default: "d137f64" },
    after: { type: "string", default: "HEAD" },
    rounds: { type: "string", default: "2" },
    benches: { type: "string", default: BENCHES.join(",") },
    keep: { type: "boolean", default: false },
  },
});
const repo = path.resolve(import.meta.dirname, "..");
const rounds = Number(values.rounds);
const benches = values.benches.split(",");
const unknown = benches.filter((b) => !BENCHES.includes(b));
if (unknown.length) throw new Error(`unknown bench(es) ${unknown.join(", ")}: use ${BENCHES.join(", ")}`);

interface Build {
  label: string;
  commit: string;
  dir: string;
}

const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();

function run(dir: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: dir, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${dir} (${result.status})`);
}

/** A revision checked out in a temporary worktree (added to `builds` at once, so it is removed whatever fails), installed and built. */
function prepare(label: string, revision: string, work: string): void {
  const commit = git("rev-parse", "--short", `${revision}^{commit}`);
  const dir = path.join(work, label);
  git("worktree", "add", "--detach", dir, commit);
  builds.push({ label, commit, dir });
  console.log(`\n== ${label}: ${commit} in ${dir}: install and build`);
  run(dir, "pnpm", ["install", "--frozen-lockfile", "--prefer-offline"]);
  // A cache of its own: turbo would otherwise share the main checkout's cache between worktrees.
  run(dir, "pnpm", ["exec", "turbo", "run", "build", "--filter=@kim/api...", "--filter=@kim/web", "--cache-dir", ".turbo-ab"]);
}

const benchFile = (build: Build, name: string) => path.join(build.dir, "apps/api/bench", `${name}.ts`);

/** One bench in one build, its output printed under a heading. */
function bench(build: Build, name: string, round: number, args: string[] = []): void {
  console.log(`\n== ${name}, round ${round + 1}, ${build.label} (${build.commit})${args.length ? ` ${args.join(" ")}` : ""}`);
  const api = path.join(build.dir, "apps/api");
  const result = spawnSync(path.join(api, "node_modules/.bin/tsx"), [benchFile(build, name), ...args], {
    cwd: api,
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) console.log(`   (${name} exited with ${result.status} in ${build.label})`);
}

const work = mkdtempSync(path.join(tmpdir(), "kim-api-ab-"));
const builds: Build[] = [];
try {
  prepare("before", values.before, work);
  prepare("after", values.after, work);
  const [before, after] = builds as [Build, Build];
  for (const name of benches) {
    for (let round = 0; round < rounds; round++) {
      if (name === "pglite") {
        bench(after, name, round, ["--baseline", path.join(before.dir, "apps/api/dist/main.js")]);
        continue;
      }
      for (const build of round % 2 ? [after, before] : [before, after]) {
        if (existsSync(benchFile(build, name))) bench(build, name, round);
        else console.log(`\n== ${name}, round ${round + 1}, ${build.label} (${build.commit}): no such bench in this build`);
      }
    }
  }
} finally {
  if (values.keep) console.log(`\nworktrees kept in ${work}: remove with git worktree remove --force <dir>`);
  else {
    for (const build of builds) git("worktree", "remove", "--force", build.dir);
    rmSync(work, { recursive: true, force: true });
    git("worktree", "prune");
  }
}
