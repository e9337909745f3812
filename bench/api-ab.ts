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
 * bench the older build does not have is run in the newer one only, said so; `pglite` (which d137f64 lacks) runs once a
 * round in the newer build with the older build's server as its `--baseline`, each build migrating and filling its own
 * database. At the end, a summary: each figure the benches print (an indented label, then numbers with units) as its
 * median across rounds, per build. The worktrees are removed at the end (`--keep` leaves them).
 *
 * Environment, passed to every bench: BENCH_SECONDS, BENCH_ROUNDS (each bench's own alternating rounds),
 * TEST_DATABASE_URL. A smoke test: `BENCH_SECONDS=1 BENCH_ROUNDS=1 pnpm exec tsx bench/api-ab.ts --benches writes --rounds 1`.
 * Run it on a quiet machine: the full run takes about an hour.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
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

/** Figures read off the benches' output: bench, then figure, then build label, then one value a run. */
const figures = new Map<string, Map<string, Map<string, number[]>>>();

/**
 * A figure line is indented: its label, its first number and unit, then maybe more figures each named by a word
 * ("  GET ingredients   1107 req/s   p99 9 ms   RSS 238 MB"). It is named under the last unindented line above it
 * (the bench's section), up to a parenthesis or colon. Rounds (after "rounds:", or runs joined by "; ") and targets
 * are left out.
 */
const UNIT = String.raw`(\d+(?:\.\d+)?)\s*(req\/s|ms\/req|ms|MB|s|x)(?!\w)`;
const FIRST = new RegExp(String.raw`^\s+(\S.*?)[\s:]+${UNIT}`);
const NAMED = new RegExp(String.raw`([A-Za-z]\w*)\s+${UNIT}`, "g");

function collect(name: string, buildLabel: string, output: string): void {
  let section = "";
  for (const line of output.split("\n")) {
    if (/^\S/.test(line)) section = line.replace(/\s*[(:].*$/, "");
    const first = FIRST.exec(line.replace(/\s+rounds: .*$/, ""));
    if (!first || /; /.test(line) || /^target|rounds$/.test(first[1]!)) continue;
    // pglite measures both builds in one run: its sections say which.
    const build = /, baseline build$/.test(section) ? "before" : buildLabel;
    const label = `${section.replace(/, (baseline|this) build$/, "")}: ${first[1]!.replace(/\s+/g, " ")}`;
    const found = [[`${label} (${first[3]})`, first[2]!]];
    for (const [, word, value, unit] of first.input.slice(first[0].length).matchAll(NAMED))
      found.push([`${label}, ${word} (${unit})`, value!]);
    const byFigure = figures.get(name) ?? figures.set(name, new Map()).get(name)!;
    for (const [figure, value] of found) {
      const byBuild = byFigure.get(figure!) ?? byFigure.set(figure!, new Map()).get(figure!)!;
      (byBuild.get(build) ?? byBuild.set(build, []).get(build)!).push(Number(value));
    }
  }
}

/** One bench in one build, its output printed under a heading as it comes, and its figures collected. */
async function bench(build: Build, name: string, round: number, args: string[] = []): Promise<void> {
  console.log(`\n== ${name}, round ${round + 1}, ${build.label} (${build.commit})${args.length ? ` ${args.join(" ")}` : ""}`);
  const api = path.join(build.dir, "apps/api");
  const child = spawn(path.join(api, "node_modules/.bin/tsx"), [benchFile(build, name), ...args], {
    cwd: api,
    stdio: ["inherit", "pipe", "inherit"],
    env: process.env,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString();
  });
  const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
  if (status !== 0) console.log(`   (${name} exited with ${status} in ${build.label})`);
  collect(name, build.label, output);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Each collected figure's median across rounds, before beside after. */
function printSummary([before, after]: Build[]): void {
  console.log(`\n== Summary: each figure's median across rounds, as read off the output above (which is the record)`);
  const width = Math.max(0, ...[...figures.values()].flatMap((byFigure) => [...byFigure.keys()].map((f) => f.length))) + 4;
  const cell = (xs: number[] | undefined) => (xs ? String(median(xs)) : "-").padStart(16);
  console.log(`${"".padEnd(width)}${`before ${before!.commit}`.padStart(16)}${`after ${after!.commit}`.padStart(16)}`);
  for (const [name, byFigure] of figures) {
    console.log(name);
    for (const [figure, byBuild] of byFigure)
      console.log(`  ${figure.padEnd(width - 2)}${cell(byBuild.get("before"))}${cell(byBuild.get("after"))}`);
  }
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
        await bench(after, name, round, ["--baseline", path.join(before.dir, "apps/api/dist/main.js")]);
        continue;
      }
      for (const build of round % 2 ? [after, before] : [before, after]) {
        if (existsSync(benchFile(build, name))) await bench(build, name, round);
        else console.log(`\n== ${name}, round ${round + 1}, ${build.label} (${build.commit}): no such bench in this build`);
      }
    }
  }
  printSummary(builds);
} finally {
  if (values.keep) console.log(`\nworktrees kept in ${work}: remove with git worktree remove --force <dir>`);
  else {
    for (const build of builds) git("worktree", "remove", "--force", build.dir);
    rmSync(work, { recursive: true, force: true });
    git("worktree", "prune");
  }
}
