import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "./cli";

/** parse-ingredients needs no database: it reads lines from `input` and writes JSON lines. */
async function parse(text: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(["parse-ingredients"], {}, { out: (l) => out.push(l), err: (l) => err.push(l), input: Readable.from([text]) });
  return { code, lines: out.map((l) => JSON.parse(l) as unknown), err };
}

describe("pnpm kim parse-ingredients", () => {
  it("writes one JSON object a line, in the order read, a blank line's too", async () => {
    const result = await parse("2 x 400g tins chopped tomatoes\n\n3-4 garlic cloves, crushed\r\nSalt and pepper to taste\n");
    expect(result).toEqual({
      code: 0,
      err: [],
      lines: [
        { quantity: 2, unit: "tin", name: "chopped tomatoes" },
        { quantity: null, unit: null, name: "" },
        { quantity: 3, unit: "clove", name: "garlic" },
        { quantity: null, unit: null, name: "Salt and pepper" },
      ],
    });
  });

  it("reads a last line without a newline, and writes nothing for no input", async () => {
    expect((await parse("½ tsp salt")).lines).toEqual([{ quantity: 0.5, unit: "tsp", name: "salt" }]);
    expect((await parse("")).lines).toEqual([]);
  });

  it("reads standard input in a process of its own, 10,000 lines, one answer a line", { timeout: 60_000 }, () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => (i % 100 === 7 ? "" : `${(i % 9) + 1} tbsp olive oil, for frying`));
    const cli = fileURLToPath(new URL("./cli.ts", import.meta.url));
    const run = spawnSync(process.execPath, ["--import", "tsx", cli, "parse-ingredients"], { input: lines.join("\n"), encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout.trimEnd().split("\n");
    expect(out).toHaveLength(10_000);
    expect(JSON.parse(out[0]!)).toEqual({ quantity: 1, unit: "tbsp", name: "olive oil" });
    expect(JSON.parse(out[7]!)).toEqual({ quantity: null, unit: null, name: "" });
    expect(JSON.parse(out[9_999]!)).toEqual({ quantity: 1, unit: "tbsp", name: "olive oil" });
  });
});
