import { describe, expect, it } from "vitest";
import type { PdfItem, PdfLine } from "./pdf-lines";
import { linesOfPage } from "./pdf-lines";
import { readPdf } from "./pdf-reader";
import { ingredientLines, recipesFromPdf, stepLines, withoutFurniture } from "./pdf-recipes";
import { foundRecipes, scoreFile, sharedPdfs } from "../../../../bench/pdf-score";
import { withLoopShare } from "../../../testing/event-loop";
import { makePdf, recipePage } from "../../../testing/make-pdf";

describe("readPdf and recipesFromPdf on the shared PDFs", () => {
  for (const { name, bytes, expected } of sharedPdfs()) {
    if (expected.expect_status !== undefined) {
      it(`refuses ${name} with ${expected.expect_status}`, async () => {
        const text = await readPdf(bytes);
        expect(text.kind).toBe("refused");
        expect(text.kind === "refused" && text.status).toBe(expected.expect_status);
      });
      continue;
    }
    it(`finds the recipes of ${name}`, async () => {
      const text = await readPdf(bytes);
      if (text.kind !== "ok") throw new Error(`refused: ${text.message}`);
      const found = foundRecipes(text.pages);
      const score = scoreFile(found, expected.recipes ?? []);
      expect(score.misses).toEqual([]);
      expect(found.map((r) => r.title)).toEqual(expected.recipes?.map((r) => r.title));
    });
  }

  it("answers each refusal with a message a person can act on", async () => {
    const files = Object.fromEntries(sharedPdfs().map((f) => [f.name, f.bytes]));
    expect(await readPdf(files["bad-text-renamed.pdf"]!)).toMatchObject({ status: 400, message: "Please select a PDF file" });
    expect(await readPdf(files["bad-encrypted.pdf"]!)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/password|encrypted/i),
    });
    expect(await readPdf(files["bad-truncated.pdf"]!)).toMatchObject({ status: 400, message: expect.stringMatching(/could not be read/i) });
    expect(await readPdf(files["bad-scanned-page.pdf"]!)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/no selectable text/i),
    });
  });
});

describe("readPdf limits", () => {
  it("refuses a file over 20 MB with 413 without reading it", async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 32);
    big.write("%PDF-1.4\n");
    expect(await readPdf(big)).toMatchObject({ kind: "refused", status: 413 });
  });

  it("refuses more than 300 pages with 400 saying so", async () => {
    const pdf = makePdf(Array.from({ length: 301 }, () => [[72, 100, 10, "A page"]]));
    expect(await readPdf(pdf)).toMatchObject({ kind: "refused", status: 400, message: expect.stringMatching(/300 pages/) });
  });

  it("refuses a file that takes longer than the time cap, and reads the next one", async () => {
    const pdf = makePdf(Array.from({ length: 200 }, (_, i) => recipePage(`Soup ${i + 1}`, i)));
    expect(await readPdf(pdf, { timeoutMs: 5 })).toMatchObject({
      kind: "refused",
      status: 400,
      message: expect.stringMatching(/too long/),
    });
    const small = await readPdf(makePdf([recipePage("Tomato Soup", 0)]));
    expect(small.kind).toBe("ok");
  });

  it("reads a heavy file off the main thread: this thread's event loop stays idle meanwhile", async () => {
    const pdf = makePdf(Array.from({ length: 300 }, (_, i) => recipePage(`Stew ${i + 1}`, i)));
    // Read here, pdf.js keeps the loop busy throughout (a share of 1.0, though it lets timers run between chunks of
    // work); in a worker this thread only takes the answer (about 0.03).
    const { answer: text, busy } = await withLoopShare(() => readPdf(pdf, { timeoutMs: 60_000 }));
    expect(text.kind).toBe("ok");
    if (text.kind === "ok") expect(recipesFromPdf(text.pages)).toHaveLength(300);
    expect(busy).toBeLessThan(0.5);
  });

  it("reads a hand-made PDF into lines with sizes, weights and pages", async () => {
    const text = await readPdf(makePdf([recipePage("Tomato Soup", 0), [[72, 100, 10, "The end"]]]));
    if (text.kind !== "ok") throw new Error(text.message);
    expect(text.pages).toHaveLength(2);
    expect(text.pages[0]![0]).toMatchObject({ text: "Tomato Soup", size: 20, bold: true, page: 1, column: 0 });
    expect(text.pages[0]![1]).toMatchObject({ text: "Serves 4", size: 10, bold: false });
    const [recipe] = recipesFromPdf(text.pages);
    expect(recipe).toMatchObject({ title: "Tomato Soup", servings: 4 });
    expect(recipe!.ingredients[0]).toBe("1 cups ingredient number 0");
    expect(recipe!.instructions).toHaveLength(30);
  });
});

const item = (text: string, x: number, y: number, size = 10, bold = false): PdfItem => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  size,
  bold,
  italic: false,
});

let nextY = 0;
/** A line of a one-column page at x, the next baseline down unless `y` is given. */
function line(text: string, options: Partial<PdfLine> = {}): PdfLine {
  const size = options.size ?? 10;
  const y = options.y ?? (nextY += size * 1.5);
  const x = options.x ?? 50;
  return {
    text,
    page: 1,
    x,
    right: x + text.length * size * 0.5,
    y,
    size,
    bold: false,
    italic: false,
    column: 0,
    columnLeft: 50,
    columnRight: 400,
    pageWidth: 595,
    pageHeight: 842,
    ...options,
  };
}

describe("linesOfPage", () => {
  it("joins pieces on one baseline, a ligature without a space", () => {
    const lines = linesOfPage([item("Sun", 50, 100), item("fl", 65, 100), item("ower seeds", 75, 100.5)], 1, 595, 842);
    expect(lines.map((l) => l.text)).toEqual(["Sunflower seeds"]);
  });

  it("reads two columns column by column, under a heading that spans both", () => {
    const items = [item("A WIDE HEADING THAT SPANS BOTH OF THE COLUMNS BELOW IT", 50, 100, 20, true)];
    for (let i = 0; i < 6; i++) {
      items.push(item(`left line ${i}`, 50, 140 + i * 14), item(`right line ${i}`, 320, 140 + i * 14));
    }
    const lines = linesOfPage(items, 1, 595, 842);
    expect(lines.map((l) => l.text)).toEqual([
      "A WIDE HEADING THAT SPANS BOTH OF THE COLUMNS BELOW IT",
      ...Array.from({ length: 6 }, (_, i) => `left line ${i}`),
      ...Array.from({ length: 6 }, (_, i) => `right line ${i}`),
    ]);
    expect(lines[0]).toMatchObject({ bold: true, size: 20 });
    expect(lines.at(-1)).toMatchObject({ column: 1 });
  });

  it("finds the gutter beside a sidebar though lines above it reach into the strip (decision 0040)", () => {
    const items = [
      item("Short title line", 42, 90, 20, true),
      item("Prep: 15 min · Cook: 30 min · Serves 4 · more", 42, 116, 9.5),
      item("Site · Recipes · About · Contact", 42, 130, 9),
    ];
    for (let i = 0; i < 8; i++)
      items.push(item(`${i + 1} cups flour`, 57, 170 + i * 15), item(`Step text number ${i} goes on here.`, 240, 170 + i * 15));
    // The facts line ends at x 234, the nav line at 222: inside the 30-point strip between the columns (209 to 240).
    items[1]!.width = 192;
    items[2]!.width = 180;
    for (const sidebar of items.filter((i) => i.x === 57)) sidebar.width = 152;
    const lines = linesOfPage(items, 1, 595, 842);
    const texts = lines.map((l) => l.text);
    expect(texts.indexOf("8 cups flour")).toBeLessThan(texts.indexOf("Step text number 0 goes on here."));
    expect(lines.find((l) => l.text.startsWith("Step text number 0"))).toMatchObject({ column: 1 });
  });

  it("finds the gutter beside a sidebar under a title, facts and menu that all reach into it (decision 0040)", () => {
    const items = [item("A title that runs long", 42, 90, 20, true), item("Prep: 10 min", 42, 116, 9.5), item("Menu", 42, 130, 9)];
    // The title ends at x 236, the facts line at 230, the menu at 228: the strip between the columns (211 to 240) is
    // crossed by three rows of twelve.
    [194, 188, 186].forEach((width, i) => (items[i]!.width = width));
    for (let i = 0; i < 9; i++) {
      items.push(item(`${i + 1} cups flour`, 57, 170 + i * 15, 11), item(`Step text number ${i} goes on.`, 240, 170 + i * 15, 11));
    }
    for (const sidebar of items.filter((i) => i.x === 57)) sidebar.width = 154;
    const lines = linesOfPage(items, 1, 595, 842);
    const texts = lines.map((l) => l.text);
    expect(texts.indexOf("9 cups flour")).toBeLessThan(texts.indexOf("Step text number 0 goes on."));
    expect(lines.find((l) => l.text.startsWith("Step text number 0"))).toMatchObject({ column: 1 });
  });

  it("keeps a numbered step's number with its text", () => {
    const items = [];
    for (let i = 0; i < 5; i++) items.push(item(`${i + 1}.`, 50, 100 + i * 14), item("Stir well and wait a while.", 64, 100 + i * 14));
    expect(linesOfPage(items, 1, 595, 842).map((l) => l.text)).toEqual(
      Array.from({ length: 5 }, (_, i) => `${i + 1}. Stir well and wait a while.`),
    );
  });
});

describe("ingredientLines", () => {
  it("joins a marked item that wraps, and leaves group headings out", () => {
    const lines = [
      line("For the sauce", { x: 45, bold: true }),
      line("• 2 tbsp soy sauce", { x: 50 }),
      line("• 1 tbsp rice vinegar or alternatively white wine vinegar, or cider", { x: 50, right: 400 }),
      line("vinegar", { x: 58 }),
      line("Filling:", { x: 50 }),
      line("• 3 eggs", { x: 50 }),
    ];
    expect(ingredientLines(lines)).toEqual([
      "2 tbsp soy sauce",
      "1 tbsp rice vinegar or alternatively white wine vinegar, or cider vinegar",
      "3 eggs",
    ]);
  });

  it("joins an unmarked line that wrapped mid-phrase, not one that starts an item", () => {
    const lines = [
      line("1/2 cup of milk (1/4 for a", { right: 200, columnRight: 200 }),
      line("more solid consistency)", { columnRight: 200 }),
      line("Ginger (thumb sized piece),", { right: 199, columnRight: 200 }),
      line("sliced", { columnRight: 200 }),
      line("Maple syrup (optional)", { right: 180, columnRight: 200 }),
      line("Butter", { columnRight: 200 }),
    ];
    expect(ingredientLines(lines)).toEqual([
      "1/2 cup of milk (1/4 for a more solid consistency)",
      "Ginger (thumb sized piece), sliced",
      "Maple syrup (optional)",
      "Butter",
    ]);
  });
});

describe("ingredientLines: wrapped items (decision 0040)", () => {
  it("carries an item on into a line that opens with a parenthesis, full or not", () => {
    const lines = [
      line("4 medium chicken breasts", { right: 170, columnRight: 200 }),
      line("(skinless and boneless)", { right: 160, columnRight: 200 }),
      line("1/2 cup stock", { right: 120, columnRight: 200 }),
      line("(120g)", { columnRight: 200 }),
      line("Salt", { columnRight: 200 }),
    ];
    expect(ingredientLines(lines)).toEqual(["4 medium chicken breasts (skinless and boneless)", "1/2 cup stock (120g)", "Salt"]);
  });

  it("judges a line full by the next word's width in its own line's letters, not half the font size a letter", () => {
    const lines = [
      line("1 teaspoon ground", { x: 57, right: 162, size: 11, columnRight: 213 }),
      line("cinnamon", { x: 57, right: 112, size: 11, columnRight: 213 }),
      line("1/4 teaspoon salt", { x: 57, right: 153, size: 11, columnRight: 213 }),
      line("butter", { x: 57, right: 92, size: 11, columnRight: 213 }),
    ];
    expect(ingredientLines(lines)).toEqual(["1 teaspoon ground cinnamon", "1/4 teaspoon salt", "butter"]);
  });

  it("carries a full line ending in a capitalised word into a capitalised line, not a full line ending otherwise", () => {
    const lines = [
      line("1 box Duncan Hines Lemon", { right: 196, columnRight: 200 }),
      line("Cake Mix", { columnRight: 200 }),
      line("2 tbsp bacon fat, rendered", { right: 196, columnRight: 200 }),
      line("Flaky sea salt", { columnRight: 200 }),
      line("1 cup flour", { right: 120, columnRight: 200 }),
      line("Powdered Sugar", { columnRight: 200 }),
    ];
    expect(ingredientLines(lines)).toEqual([
      "1 box Duncan Hines Lemon Cake Mix",
      "2 tbsp bacon fat, rendered",
      "Flaky sea salt",
      "1 cup flour",
      "Powdered Sugar",
    ]);
  });
});

describe("stepLines", () => {
  it("numbered steps: each number starts a step, its wrapped lines join it", () => {
    const lines = [
      line("1. Heat the oil in a large pan until it shimmers and", { right: 400 }),
      line("smokes."),
      line("2) Add the onions."),
      line("Step 3: Serve."),
    ];
    expect(stepLines(lines)).toEqual(["Heat the oil in a large pan until it shimmers and smokes.", "Add the onions.", "Serve."]);
  });

  it("a wrapped line opening with a number carries on its step unless the number is the next step's", () => {
    const lines = [
      line("1 Heat the oven and put the dish in for 30-", { right: 400 }),
      line("40 minutes."),
      line("2 Leave it to rest for", { right: 400 }),
      line("10 Minuten before serving."),
      line("3 Serve."),
    ];
    expect(stepLines(lines)).toEqual([
      "Heat the oven and put the dish in for 30-40 minutes.",
      "Leave it to rest for 10 Minuten before serving.",
      "Serve.",
    ]);
  });

  it("plain paragraphs: a wider gap or a short line ends a step", () => {
    const lines = [
      line("Rub salt all over the steak and leave it to come up to room", { y: 100, right: 400 }),
      line("temperature.", { y: 114 }),
      line("Coat the steak with mustard powder, pressing it in well with", { y: 134, right: 400 }),
      line("your hands.", { y: 148 }),
      line("Grill over low heat.", { y: 162 }),
    ];
    expect(stepLines(lines)).toEqual([
      "Rub salt all over the steak and leave it to come up to room temperature.",
      "Coat the steak with mustard powder, pressing it in well with your hands.",
      "Grill over low heat.",
    ]);
  });
});

describe("withoutFurniture", () => {
  it("drops running heads, page numbers and printed addresses, keeps headings repeated in the body", () => {
    const page = (n: number): PdfLine[] => [
      line("Recipes from the Garden", { page: n, y: 28, x: 250 }),
      line("Ingredients", { page: n, y: 120 }),
      line(`Recipe ${n}`, { page: n, y: 60, size: 18 }),
      line(`${n}`, { page: n, y: 820, x: 300 }),
      line("https://example.com/recipes/print", { page: n, y: 825 }),
    ];
    expect(withoutFurniture([page(1), page(2), page(3)]).map((l) => l.text)).toEqual([
      "Ingredients",
      "Recipe 1",
      "Ingredients",
      "Recipe 2",
      "Ingredients",
      "Recipe 3",
    ]);
  });
});

describe("recipesFromPdf", () => {
  it("finds each recipe by its heading and title, joins one that runs over a page, and reads its facts", () => {
    nextY = 60;
    const first: PdfLine[] = [
      line("A Book of Soups", { size: 24, bold: true }),
      line("Leek Soup", { size: 18, bold: true }),
      line("Prep: 15 min · Cook: 1 hour · Serves 4"),
      line("A soup for the cold months, from a neighbour's garden."),
      line("WHAT YOU NEED", { bold: true, size: 12 }),
      line("• 2 leeks"),
      line("• 1 potato"),
      line("DIRECTIONS", { bold: true, size: 12 }),
      line("1. Slice the leeks."),
    ];
    nextY = 60;
    const second: PdfLine[] = [
      line("2. Simmer with the potato for 40 minutes.", { page: 2 }),
      line("Bean Stew", { page: 2, size: 18, bold: true }),
      line("Makes 6 bowls", { page: 2 }),
      line("Ingredients:", { page: 2, bold: true }),
      line("- 1 tin of beans", { page: 2 }),
      line("Instructions", { page: 2, bold: true }),
      line("Warm the beans.", { page: 2 }),
      line("Notes", { page: 2, bold: true }),
      line("Keeps for a week.", { page: 2 }),
    ];
    const drafts = recipesFromPdf([first, second]);
    expect(drafts.map((d) => d.title)).toEqual(["Leek Soup", "Bean Stew"]);
    expect(drafts[0]).toMatchObject({
      ingredients: ["2 leeks", "1 potato"],
      instructions: ["Slice the leeks.", "Simmer with the potato for 40 minutes."],
      servings: 4,
      prepTime: 15,
      cookTime: 60,
    });
    expect(drafts[1]).toMatchObject({ ingredients: ["1 tin of beans"], instructions: ["Warm the beans."], servings: 6 });
  });

  it("reads headings, servings and times printed in other languages (decision 0040)", () => {
    nextY = 60;
    const page: PdfLine[] = [
      line("Vegan oliebollen", { size: 18, bold: true }),
      line("Voorbereiding: 30 min · Personen: 4"),
      line("Ingrediënten", { size: 12, bold: true }),
      line("500 gr bloem"),
      line("1 tl zout"),
      line("Bereiding", { size: 12, bold: true }),
      line("1. Zeef de bloem."),
    ];
    expect(recipesFromPdf([page])).toMatchObject([
      {
        title: "Vegan oliebollen",
        ingredients: ["500 gr bloem", "1 tl zout"],
        instructions: ["Zeef de bloem."],
        servings: 4,
        prepTime: 30,
      },
    ]);
  });

  it("finds nothing in text that holds no recipe", () => {
    nextY = 60;
    expect(recipesFromPdf([[line("Contents", { size: 20 }), line("Leek Soup 3"), line("Bean Stew 4")]])).toEqual([]);
  });
});

describe("recipesFromPdf: headings, wraps and a sidebar over a page (decision 0040, fifteenth pass)", () => {
  it("takes a wrapped line ending as a sentence does, or opening with an amount, for no heading", () => {
    nextY = 60;
    const page: PdfLine[] = [
      line("Broccoli Soup", { size: 18, bold: true }),
      line("Ingredients", { size: 12, bold: true }),
      line("40 g butter"),
      line("About 1/2 tsp. salt"),
      line("Preparation", { size: 12, bold: true }),
      line("1. Heat the butter and add the onion. Sauté for", { right: 300 }),
      line("about a minute until softened."),
      line("2. Add the garlic."),
    ];
    expect(recipesFromPdf([page])).toMatchObject([
      {
        ingredients: ["40 g butter", "About 1/2 tsp. salt"],
        instructions: ["Heat the butter and add the onion. Sauté for about a minute until softened.", "Add the garlic."],
      },
    ]);
  });

  it("takes a line in lower case under a full line for the sentence carried on, not a heading", () => {
    nextY = 60;
    const page: PdfLine[] = [
      line("Lemon Cookies", { size: 18, bold: true }),
      line("Ingredients", { size: 12, bold: true }),
      line("1 box cake mix"),
      line("Method", { size: 12, bold: true }),
      line("1. In a large mixing bowl, combine all the", { right: 396 }),
      line("ingredients (except the sugar)"),
      line("and mix until combined."),
      line("2. Bake for 10 minutes."),
    ];
    expect(recipesFromPdf([page])).toMatchObject([
      {
        title: "Lemon Cookies",
        instructions: [
          "In a large mixing bowl, combine all the ingredients (except the sugar) and mix until combined.",
          "Bake for 10 minutes.",
        ],
      },
    ]);
  });

  it("keeps a sidebar's list that runs on to the next page, after the method beside it has started, in the list", () => {
    nextY = 60;
    const list = { columnLeft: 42, columnRight: 220 };
    const method = { x: 244, column: 1, columnLeft: 244, columnRight: 560 };
    const first: PdfLine[] = [
      line("Noodle Salad", { size: 18, bold: true, x: 42 }),
      line("Ingredients", { size: 12, bold: true, x: 42, y: 100, ...list }),
      line("200 g rice noodles", { x: 57, y: 115, ...list }),
      line("2 tbsp sesame seeds", { x: 57, y: 130, ...list }),
      line("Method", { size: 12, bold: true, y: 100, ...method }),
      line("1. Cook the noodles.", { y: 115, ...method }),
    ];
    const second: PdfLine[] = [
      line("4 tbsp roasted peanuts", { page: 2, x: 57, y: 60, columnLeft: 57, columnRight: 180 }),
      line("2. Serve with the peanuts.", { page: 2, y: 60, ...method }),
    ];
    expect(recipesFromPdf([first, second])).toMatchObject([
      {
        ingredients: ["200 g rice noodles", "2 tbsp sesame seeds", "4 tbsp roasted peanuts"],
        instructions: ["Cook the noodles.", "Serve with the peanuts."],
      },
    ]);
  });
});

describe("recipesFromPdf: work grows with the file, not faster", () => {
  // The work a file costs, as CPU time (the wall clock also counts other processes), the least of three runs.
  const workOf = (pages: PdfLine[][]) => {
    let least = Infinity;
    for (let run = 0; run < 3; run++) {
      const { user, system } = process.cpuUsage();
      recipesFromPdf(pages);
      const used = process.cpuUsage({ user, system });
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    return least;
  };
  // A sidebar list beside a method running over many pages (every later line asks whether the list carried over),
  // and one item wrapped over a whole page at its hyphens (each part joined to the item so far).
  // `methodRight` at 432 makes the columns equal (a newspaper's, no sidebar: the check answers no, once).
  const sidebarFile = (pageCount: number, methodRight = 560) => {
    const list = { columnLeft: 42, columnRight: 220 };
    const method = { x: 244, column: 1, columnLeft: 244, columnRight: methodRight };
    const first = [
      line("Noodle Salad", { size: 18, bold: true, x: 42, y: 60 }),
      line("Ingredients", { size: 12, bold: true, x: 42, y: 100, ...list }),
      line("200 g rice noodles", { x: 57, y: 115, ...list }),
      line("Method", { size: 12, bold: true, y: 100, ...method }),
      line("1. Cook the noodles.", { y: 115, ...method }),
    ];
    const later = Array.from({ length: pageCount }, (_, p) =>
      Array.from({ length: 50 }, (_, i) =>
        line(`${p * 50 + i + 2}. Stir the noodles once more.`, { page: p + 2, y: 60 + i * 15, ...method }),
      ),
    );
    const wrapped = Array.from({ length: pageCount * 50 }, (_, i) =>
      line(i === 0 ? "1 tin of chick-" : "peas-", { page: 1, y: 130 + i, ...list }),
    );
    return [[...first.slice(0, 3), ...wrapped, ...first.slice(3)], ...later];
  };

  it("a sidebar recipe of 8 times the pages costs at most 20 times the work", () => {
    const small = workOf(sidebarFile(20));
    const large = workOf(sidebarFile(160));
    expect(large / Math.max(small, 3)).toBeLessThan(20);
  });

  it("two columns of equal width, the method over 8 times the pages, cost at most 20 times the work", () => {
    const small = workOf(sidebarFile(20, 432));
    const large = workOf(sidebarFile(160, 432));
    expect(large / Math.max(small, 3)).toBeLessThan(20);
  });
});

describe("ingredientLines: wraps (decision 0040, fifteenth pass)", () => {
  it("carries a line ending mid-phrase on into a line opening with a number", () => {
    const lines = [
      line("1 leek, in pieces of 2 or", { right: 196, columnRight: 200 }),
      line("3 cm", { columnRight: 200 }),
      line("2 carrots", { columnRight: 200 }),
    ];
    expect(ingredientLines(lines)).toEqual(["1 leek, in pieces of 2 or 3 cm", "2 carrots"]);
  });

  it("joins a word wrapped at its hyphen, and leaves a hyphen printed with a space inside a line as it is", () => {
    const lines = [
      line("0.5 Stück Cantaloupe-", { right: 196, columnRight: 200 }),
      line("melone", { columnRight: 200 }),
      line("2 12- ounce cans milk", { columnRight: 200 }),
    ];
    expect(ingredientLines(lines)).toEqual(["0.5 Stück Cantaloupe-melone", "2 12- ounce cans milk"]);
  });
});
