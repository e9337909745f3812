import { parseIngredient } from "parse-ingredient";
import { readLabelledLines } from "../apps/api/src/testing/labelled-lines";
import { normalizeUnit, parseIngredientLine } from "../packages/domain/src/index";

/**
 * Kim's ingredient line parser beside the npm package parse-ingredient, on the labelled BBC Good Food lines: the share
 * with quantity, unit and name all right, each field's own share, and lines per second. A line counts as right when
 * the quantity equals the label's (a range's lower bound), the units are equal once spelt alike (normalizeUnit), and the
 * name's words, lower-cased, score a token F1 of at least 0.75. The rules were tuned on the lines outside the held-out
 * fifth (chosen by a hash of the line, so it stays put); `--failures` prints the tuning lines Kim gets wrong.
 */
interface Labelled {
  input: string;
  quantity: number | null;
  unit: string;
  name: string;
}
interface Parsed {
  quantity: number | null;
  unit: string | null;
  name: string;
}

function heldOut(input: string): boolean {
  let hash = 2166136261;
  for (let i = 0; i < input.length; i++) hash = Math.imul(hash ^ input.charCodeAt(i), 16777619);
  return (hash >>> 0) % 5 === 0;
}

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function f1(expected: string, actual: string): number {
  const want = tokens(expected);
  const got = tokens(actual);
  if (want.length === 0 || got.length === 0) return want.length === got.length ? 1 : 0;
  const left = [...want];
  let common = 0;
  for (const t of got) {
    const i = left.indexOf(t);
    if (i >= 0) {
      left.splice(i, 1);
      common++;
    }
  }
  const [precision, recall] = [common / got.length, common / want.length];
  return common === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function score(label: Labelled, parsed: Parsed) {
  const quantity =
    label.quantity === null ? parsed.quantity === null : parsed.quantity !== null && Math.abs(parsed.quantity - label.quantity) < 0.005;
  const unit = normalizeUnit(label.unit) === normalizeUnit(parsed.unit ?? "");
  const name = f1(label.name, parsed.name) >= 0.75;
  return { quantity, unit, name, all: quantity && unit && name };
}

const labelled: Labelled[] = readLabelledLines().map((line) => ({
  ...line,
  quantity: line.quantity ? Number(line.quantity.split("-")[0]) : null,
}));

function viaParseIngredient(line: string): Parsed {
  const [first] = parseIngredient(line);
  return { quantity: first?.quantity ?? null, unit: first?.unitOfMeasure ?? null, name: first?.description ?? "" };
}

// parse-ingredient's description keeps what follows the food ("red chilli, finely chopped"): the second row cuts it at
// the first comma, to show how much of the gap that alone is.
const parsers: Record<string, (line: string) => Parsed> = {
  Kim: parseIngredientLine,
  "parse-ingredient": viaParseIngredient,
  "p-i, cut at ,": (line) => {
    const parsed = viaParseIngredient(line);
    return { ...parsed, name: parsed.name.split(",")[0]! };
  },
};

function linesPerSecond(parse: (line: string) => Parsed): number {
  const lines = labelled.map((l) => l.input);
  for (const line of lines) parse(line);
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < 1000) {
    for (const line of lines) parse(line);
    done += lines.length;
  }
  return done / ((performance.now() - started) / 1000);
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`.padStart(6);

console.log(`${labelled.length} labelled BBC Good Food lines (held-out fifth: ${labelled.filter((l) => heldOut(l.input)).length})\n`);
console.log(`${"parser".padEnd(17)} ${"set".padEnd(9)} all right  quantity  unit    name     lines/s`);
for (const [parser, parse] of Object.entries(parsers)) {
  const results = labelled.map((label) => ({ label, parsed: parse(label.input), held: heldOut(label.input) }));
  const speed = Math.round(linesPerSecond(parse)).toLocaleString("en");
  for (const [set, pick] of [
    ["all", () => true],
    ["tuning", (r: { held: boolean }) => !r.held],
    ["held-out", (r: { held: boolean }) => r.held],
  ] as const) {
    const scores = results.filter(pick).map((r) => score(r.label, r.parsed));
    const share = (field: keyof (typeof scores)[number]) => pct(scores.filter((s) => s[field]).length, scores.length);
    console.log(
      `${parser.padEnd(17)} ${set.padEnd(9)} ${share("all")}     ${share("quantity")}    ${share("unit")}  ${share("name")}   ${set === "all" ? speed : ""}`,
    );
  }
  if (parser === "Kim" && process.argv.includes("--failures")) {
    for (const { label, parsed, held } of results) {
      const s = score(label, parsed);
      if (!held && !s.all)
        console.log(
          `  ${label.input}\n    want ${label.quantity} | ${label.unit} | ${label.name}\n    got  ${parsed.quantity} | ${parsed.unit} | ${parsed.name}`,
        );
    }
  }
}
