import { describe, expect, it } from "vitest";
import type { ShoppingItem } from "@kim/domain";
import {
  addItem,
  amountText,
  generateRangeError,
  generateSearch,
  groupByCategory,
  removeItem,
  replayOps,
  scanOutcome,
  scanProduct,
  setChecked,
} from "./shopping-items";

const item = (name: string, extra: Partial<ShoppingItem> = {}): ShoppingItem => ({
  name,
  quantity: 1,
  unit: "units",
  checked: false,
  ...extra,
});

describe("groupByCategory", () => {
  it("files items by store section in walking order, guessing a missing section, keeping list order inside one", () => {
    const items = [
      item("Ice cream"),
      item("Milk", { category: "Dairy" }),
      item("Apples"),
      item("Flour"),
      item("Bananas", { checked: true }),
    ];
    expect(groupByCategory(items).map((g) => [g.category, g.entries.map((e) => `${e.index}:${e.item.name}`)])).toEqual([
      ["Produce", ["2:Apples", "4:Bananas"]],
      ["Pantry", ["3:Flour"]],
      ["Dairy", ["1:Milk"]],
      ["Frozen", ["0:Ice cream"]],
    ]);
  });
});

describe("generateSearch", () => {
  it("opens on the week of any day the planner shows, 1900 to 2999, and drops anything else", () => {
    expect(generateSearch({ generate: "2026-11-26" })).toEqual({ generate: "2026-11-23" });
    expect(generateSearch({ generate: "1900-01-03" })).toEqual({ generate: "1900-01-01" });
    expect(generateSearch({ generate: "2999-12-31" })).toEqual({ generate: "2999-12-30" });
    expect(generateSearch({ generate: "3000-01-01" })).toEqual({ generate: undefined });
    expect(generateSearch({ generate: "2026-02-30" })).toEqual({ generate: undefined });
  });
});

describe("generateRangeError", () => {
  it("says what is wrong with the days typed, a year outside the kitchen's in its own words", () => {
    expect(generateRangeError("2026-11-23", "2026-11-29")).toBeNull();
    expect(generateRangeError("2026-11-23", "")).toBe("Pick a first and a last day");
    expect(generateRangeError("0001-01-01", "0001-01-07")).toBe("Pick days from 1900 to 2999");
    expect(generateRangeError("2999-12-30", "3000-01-05")).toBe("Pick days from 1900 to 2999");
    expect(generateRangeError("2026-11-29", "2026-11-23")).toBe("The first day must be on or before the last");
    expect(generateRangeError("2026-01-01", "2026-03-31")).toBe("Pick at most 62 days");
  });
});

describe("amountText", () => {
  it("reads like a cook writes it, and never shows a 0", () => {
    expect(amountText({ quantity: 1.5, unit: "kg" })).toBe("1.5 kg");
    expect(amountText({ quantity: 1.88, unit: "cups" })).toBe("1 7/8 cups");
    expect(amountText({ quantity: 690.852, unit: "ml" })).toBe("691 ml");
    expect(amountText({ quantity: 1, unit: "units" })).toBe("1 unit");
    expect(amountText({ quantity: 0, unit: "as needed" })).toBe("as needed");
    expect(amountText({ quantity: 0, unit: "units" })).toBe("");
  });
});

describe("changes applied again to a newer list", () => {
  it("check the item seen, wherever it moved, and leave the list alone when it is gone", () => {
    const seen = { index: 0, item: item("Milk") };
    expect(setChecked(seen, true)([item("Milk")])[0]!.checked).toBe(true);
    const moved = setChecked(seen, true)([item("Sugar"), item("Milk")]);
    expect(moved.map((i) => i.checked)).toEqual([false, true]);
    const gone = [item("Sugar")];
    expect(setChecked(seen, true)(gone)).toBe(gone);
    expect(removeItem(seen)([item("Sugar"), item("Milk")]).map((i) => i.name)).toEqual(["Sugar"]);
  });
});

describe("changes made offline, replayed over what another member changed meanwhile", () => {
  const seen = (name: string, extra: Partial<ShoppingItem> = {}, index = 0) => ({ index, item: item(name, extra) });
  const shown = (items: ShoppingItem[]) => items.map((i) => `${i.name} ${i.quantity} ${i.unit}${i.checked ? " [x]" : ""}`);

  it("check the item another member re-counted, and remove the one they checked", () => {
    const theirs = [item("Milk", { quantity: 2, unit: "L" }), item("Bread", { checked: true })];
    const { items, clashes } = replayOps(
      [
        { kind: "check", entry: seen("Milk", { unit: "L" }), checked: true },
        { kind: "remove", entry: seen("Bread", {}, 1) },
      ],
      theirs,
    );
    expect(shown(items)).toEqual(["Milk 2 L [x]"]);
    expect(clashes).toEqual([]);
  });

  it("check the one of two items of a name that is still to check, whatever their places", () => {
    const items = [item("Eggs", { checked: true }), item("Eggs", { quantity: 6 })];
    expect(shown(setChecked(seen("Eggs"), true)(items))).toEqual(["Eggs 1 units [x]", "Eggs 6 units [x]"]);
  });

  it("say a check of an item removed or now in another unit, and a remove of one now in another unit, and apply neither", () => {
    const theirs = [item("Flour", { quantity: 1.5, unit: "kg" })];
    const { items, clashes } = replayOps(
      [
        { kind: "check", entry: seen("Milk"), checked: true },
        { kind: "check", entry: seen("Flour", { quantity: 500, unit: "g" }), checked: false },
        { kind: "remove", entry: seen("Flour", { quantity: 500, unit: "g" }) },
      ],
      theirs,
    );
    expect(items).toEqual(theirs);
    expect(clashes.map((c) => c.title)).toEqual(["Milk was not checked off", "Flour was not unchecked", "Flour was not removed"]);
  });

  it("say nothing of a remove of an item another member removed too, nor of an add", () => {
    const ops = [
      { kind: "remove", entry: seen("Bread") },
      { kind: "add", item: { name: "Bread", quantity: 1, unit: "units" } },
    ] as const;
    const { items, clashes } = replayOps([...ops], []);
    expect(shown(items)).toEqual(["Bread 1 units"]);
    expect(clashes).toEqual([]);
  });
});

describe("changes sent again after their save was applied and its answer lost (past the key's day)", () => {
  it("add an item added by hand once, and remove or check only it, never its twin", () => {
    const op = addItem({ name: "Milk", quantity: 1, unit: "L" }).op!;
    const once = replayOps([op], [item("Eggs")]).items;
    expect(replayOps([op], once).items).toEqual(once);

    const twin = addItem({ name: "Milk", quantity: 1, unit: "L" })(once);
    const seen = { index: 1, item: twin[1]! };
    const removed = removeItem(seen)(twin);
    const again = replayOps([{ kind: "remove", entry: seen }], removed);
    expect(again.items).toEqual(removed);
    expect(again.clashes).toEqual([]);
    expect(again.items.map((i) => i.addKey)).toEqual([undefined, twin[2]!.addKey]);
    expect(setChecked(seen, true)(removed)).toEqual(removed);
  });
});

describe("scanProduct", () => {
  const milk = { name: "MILK", category: "Dairy" } as const;

  it("checks off the first unchecked item of the name, in any case", () => {
    const items = [item("Milk", { checked: true }), item("milk", { unit: "L" })];
    expect(scanOutcome(items, milk.name)).toBe("checked");
    expect(scanProduct(milk)(items).map((i) => i.checked)).toEqual([true, true]);
  });

  it("adds the product checked, 1 units, when no item has its name", () => {
    expect(scanOutcome([item("Eggs")], milk.name)).toBe("added");
    expect(scanProduct(milk)([item("Eggs")])).toEqual([
      item("Eggs"),
      { name: "MILK", quantity: 1, unit: "units", checked: true, category: "Dairy" },
    ]);
  });

  it("adds nothing when the item is already checked off", () => {
    const items = [item("Milk", { checked: true })];
    expect(scanProduct(milk)(items)).toBe(items);
  });
});
