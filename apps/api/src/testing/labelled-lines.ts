import { readFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { sharedData } from "./shared-data";

/** A hand-labelled ingredient line (shared data's ingredient-lines/README.md), its fields as written, "" for none. */
export interface LabelledLine {
  input: string;
  quantity: string;
  unit: string;
  name: string;
}

/** RFC 4180 rows: quoted fields may hold commas and doubled quotes. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line) continue;
    const fields = [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] ?? m[2] ?? "").replace(/""/g, '"'));
    rows.push(fields);
  }
  return rows;
}

/** The 7,270 labelled BBC Good Food lines. */
export function readLabelledLines(): LabelledLine[] {
  const [, ...rows] = readCsv(readFileSync(sharedData("ingredient-lines", "bbc-2017.csv"), "utf8"));
  return rows.map(([input = "", quantity = "", unit = "", name = ""]) => ({ input, quantity, unit, name }));
}

declare module "vitest" {
  export interface ProvidedContext {
    labelledLines: LabelledLine[] | null;
  }
}

/**
 * Vitest global set-up: the labelled lines for packages/domain's tests, which read no files (the package does no I/O).
 * Null without the shared data, so that only the tests needing them fail, saying so.
 */
export function setup(project: TestProject): void {
  let lines: LabelledLine[] | null = null;
  try {
    lines = readLabelledLines();
  } catch {
    // The test that injects them says where the data is looked for.
  }
  project.provide("labelledLines", lines);
}
