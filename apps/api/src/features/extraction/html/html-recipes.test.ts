import { recipeInput } from "@kim/domain";
import { describe, expect, it } from "vitest";
import { extractRecipesFromHtml, type ExtractedRecipe } from "./html-recipes";
import { MICRODATA_LIMITS } from "./microdata";
import { minutesFrom, servingsFrom, cuisineFrom } from "../recipe-fields";

const PAGE_URL = "https://cooks.example/recipes/pad-thai";

const page = (head: string, body = "") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ldJson = (data: unknown) => `<script type="application/ld+json">${typeof data === "string" ? data : JSON.stringify(data)}</script>`;
const extract = (html: string) => extractRecipesFromHtml(html, PAGE_URL);

function only(html: string): ExtractedRecipe {
  const recipes = extract(html);
  expect(recipes).toHaveLength(1);
  return recipes[0] as ExtractedRecipe;
}

const padThai = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Pad Thai",
  description: "A quick weeknight noodle dish.",
  image: ["/images/pad-thai.jpg", "https://cdn.example/other.jpg"],
  prepTime: "PT20M",
  cookTime: "PT1H30M",
  recipeYield: "4 servings",
  recipeCuisine: "Thai",
  recipeCategory: "Main course",
  keywords: "noodles, quick, Main course",
  recipeIngredient: ["200 g rice noodles", "2 eggs", "3 tbsp fish sauce"],
  recipeInstructions: [
    { "@type": "HowToStep", text: "Soak the noodles." },
    { "@type": "HowToStep", text: "Fry the eggs, then the noodles." },
  ],
};

describe("extractRecipesFromHtml: JSON-LD", () => {
  it("reads a plain Recipe into the form's fields", () => {
    expect(only(page(ldJson(padThai)))).toEqual({
      title: "Pad Thai",
      description: "A quick weeknight noodle dish.",
      imageUrl: "https://cooks.example/images/pad-thai.jpg",
      prepTime: 20,
      cookTime: 90,
      servings: 4,
      difficulty: "Medium",
      cuisineType: "Asian",
      ingredients: ["200 g rice noodles", "2 eggs", "3 tbsp fish sauce"],
      instructions: "Soak the noodles.\nFry the eggs, then the noodles.",
      tags: ["noodles", "quick", "Main course"],
      sourceUrl: PAGE_URL,
      isAiExtracted: false,
    });
  });

  it("finds the Recipe in an @graph, resolving an image given by @id", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebPage", "@id": `${PAGE_URL}#webpage`, name: "Pad Thai - Cooks" },
        { "@type": "ImageObject", "@id": `${PAGE_URL}#image`, url: "https://cdn.example/pad-thai.jpg" },
        { ...padThai, "@context": undefined, image: { "@id": `${PAGE_URL}#image` } },
      ],
    };
    const recipe = only(page(ldJson(graph)));
    expect(recipe.title).toBe("Pad Thai");
    expect(recipe.imageUrl).toBe("https://cdn.example/pad-thai.jpg");
  });

  it("takes a node with several types, one of them Recipe, and a Recipe in a top-level array", () => {
    const article = { ...padThai, "@type": ["Recipe", "NewsArticle"], name: "Article recipe" };
    expect(only(page(ldJson(article))).title).toBe("Article recipe");
    expect(only(page(ldJson([{ "@type": "Organization", name: "Cooks" }, padThai]))).title).toBe("Pad Thai");
  });

  it("flattens HowToSection groups, each section's name a line before its steps", () => {
    const sections = {
      ...padThai,
      recipeInstructions: [
        {
          "@type": "HowToSection",
          name: "Sauce",
          itemListElement: [{ "@type": "HowToStep", text: "Mix the tamarind and sugar." }],
        },
        {
          "@type": "HowToSection",
          name: "Noodles",
          itemListElement: [
            { "@type": "HowToStep", name: "Soak", text: "Soak the noodles for 20 minutes." },
            { "@type": "HowToStep", text: "Fry them." },
          ],
        },
      ],
    };
    expect(only(page(ldJson(sections))).instructions).toBe(
      "Sauce\nMix the tamarind and sugar.\nNoodles\nSoak the noodles for 20 minutes.\nFry them.",
    );
  });

  it("leaves out step names that only label or number a step, and puts a short title in front of its step", () => {
    const step = (name: string, text: string) => ({ "@type": "HowToStep", name, text });
    const labelled = (names: string[]) => ({
      ...padThai,
      recipeInstructions: names.map((name, i) => step(name, ["Soak the noodles.", "Fry the eggs."][i] ?? "")),
    });
    const plain = "Soak the noodles.\nFry the eggs.";
    for (const names of [
      ["Step 1", "Step 2"],
      ["Schritt 1", "Schritt 2"],
      ["stap 1", "stap 2"],
      ["Passo 1", "Passo 2"],
      ["Etape 1", "Etape 2"],
      ["1", "2"],
      ["1.", "2."],
      ["step1", "step2"],
      ["instruction 0", "instruction 1"],
      ["Första instruktionen", "Nästa instruktion"],
      ["soaking-noodles", "frying-eggs"],
      ["Soak noodles", "Eggs"],
    ]) {
      expect(only(page(ldJson(labelled(names)))).instructions).toBe(plain);
    }
    expect(only(page(ldJson(labelled(["Stir", "Brown"])))).instructions).toBe("Stir: Soak the noodles.\nBrown: Fry the eggs.");
    const textLabels = { ...padThai, recipeInstructions: "<p>Stap 1:</p><p>Soak the noodles.</p><p>Stap 2:</p><p>Fry the eggs.</p>" };
    expect(only(page(ldJson(textLabels))).instructions).toBe(plain);
    const saying = { ...padThai, recipeInstructions: [step("", "Lay the sheets."), step("", "Repeat step 1."), step("", "Makes 12")] };
    expect(only(page(ldJson(saying))).instructions).toBe("Lay the sheets.\nRepeat step 1.\nMakes 12");
  });

  it("splits instructions given as text at its paragraphs and line breaks, and reads a list of strings one step each", () => {
    const html = { ...padThai, recipeInstructions: "<p>Soak the noodles.</p><p>Fry the eggs.<br>Serve.</p>" };
    expect(only(page(ldJson(html))).instructions).toBe("Soak the noodles.\nFry the eggs.\nServe.");
    const lines = { ...padThai, recipeInstructions: "Soak the noodles.\r\nFry the eggs." };
    expect(only(page(ldJson(lines))).instructions).toBe("Soak the noodles.\nFry the eggs.");
    const strings = { ...padThai, recipeInstructions: ["Soak the noodles.", "Fry the eggs."] };
    expect(only(page(ldJson(strings))).instructions).toBe("Soak the noodles.\nFry the eggs.");
  });

  it("reads stringified numbers, a QuantitativeValue yield, and a total time alone as the cook time", () => {
    const recipe = only(
      page(ldJson({ ...padThai, prepTime: undefined, cookTime: undefined, totalTime: "PT45M", recipeYield: { value: "6" } })),
    );
    expect(recipe).toMatchObject({ prepTime: null, cookTime: 45, servings: 6 });
    const split = only(page(ldJson({ ...padThai, cookTime: undefined, prepTime: "PT15M", totalTime: "PT1H" })));
    expect(split).toMatchObject({ prepTime: 15, cookTime: 45 });
  });

  it("takes servings the data leaves out from the page", () => {
    const recipe = only(page(ldJson({ ...padThai, recipeYield: undefined }), "<p>Serves: 6</p>"));
    expect(recipe.servings).toBe(6);
    expect(only(page(ldJson({ ...padThai, recipeYield: undefined }))).servings).toBe(4);
  });

  it("takes a servings label alone on its line over a bare count, not over an ingredient (decision 0040)", () => {
    const noYield = ldJson({ ...padThai, recipeYield: undefined });
    expect(only(page(noYield, "<div><div>Servings</div><div>6</div></div>")).servings).toBe(6);
    expect(only(page(noYield, "<div><div>serves</div><div>2-3</div></div>")).servings).toBe(3);
    expect(only(page(noYield, "<h3>Personen</h3><ul><li>1 broccoli</li><li>150 g peas</li></ul>")).servings).toBe(4);
  });

  it("reads no servings from a serving size, and takes a label's value only when it opens with its count", () => {
    const noYield = { ...padThai, recipeYield: undefined };
    expect(only(page(ldJson(noYield), "<p>Serving Size: 700 g</p><p>5 Servings</p>")).servings).toBe(5);
    expect(only(page(ldJson(noYield), "<p>Serving size: 1 muffin</p><p>Makes: 6</p>")).servings).toBe(6);
    expect(only(page(ldJson(noYield), "<p>Servings: about the size of 2 fists</p><p>Serves 3</p>")).servings).toBe(3);
    for (const label of ["Servings per recipe: 4", "Serves: about 4", "Makes about 4 cookies", "Yield: approx. 4", "Servings: ~4"]) {
      expect(only(page(ldJson(noYield), `<p>${label}</p>`)).servings, label).toBe(4);
    }
  });

  it("reads a yield label followed by another servings word before its count (decision 0040)", () => {
    const noYield = ldJson({ ...padThai, recipeYield: undefined });
    expect(only(page(noYield, "<p>Yields Serves 12</p>")).servings).toBe(12);
    expect(only(page(noYield, "<p>Yield: makes about 10 pancakes</p>")).servings).toBe(10);
  });

  it("reads JSON with trailing commas, raw line breaks in strings, comment wrappers and a stray semicolon", () => {
    const sloppy = `<!--{"@context": "https://schema.org", "@type": "Recipe", "name": "Sloppy
Joes", "recipeIngredient": ["1 lb beef", "1 bun",], "recipeInstructions": "Cook.",};-->`;
    const recipe = only(page(ldJson(sloppy)));
    expect(recipe.title).toBe("Sloppy Joes");
    expect(recipe.ingredients).toEqual(["1 lb beef", "1 bun"]);
  });

  it("reads properties in any letter case", () => {
    const shouty = {
      ...padThai,
      recipeInstructions: undefined,
      RecipeInstructions: [{ "@type": "HowToSection", Name: "Sauce", ItemListElement: [{ "@type": "HowToStep", Text: "Stir." }] }],
    };
    expect(only(page(ldJson(shouty))).instructions).toBe("Sauce\nStir.");
  });

  it("reads the same recipe given twice (two blocks) once, the second filling what the first lacks", () => {
    const first = { "@type": "Recipe", name: "Pad Thai", recipeIngredient: ["2 eggs"], recipeInstructions: "Fry." };
    const second = { "@type": "Recipe", name: "Pad Thai", recipeYield: "2", recipeCuisine: "Thai" };
    expect(only(page(ldJson(first) + ldJson(second)))).toMatchObject({ servings: 2, cuisineType: "Asian", ingredients: ["2 eggs"] });
  });

  it("returns every recipe on a page, in page order", () => {
    const second = { ...padThai, name: "Green Curry", recipeIngredient: ["1 tbsp curry paste"] };
    expect(extract(page(ldJson({ "@graph": [padThai, second] }))).map((r) => r.title)).toEqual(["Pad Thai", "Green Curry"]);
  });
});

describe("extractRecipesFromHtml: text", () => {
  it("decodes data strings encoded twice or three times, at most three decodings in all", () => {
    const twice = {
      ...padThai,
      name: "Sticky Pomegranate &amp;amp; Black Pepper Wings",
      description: "Suco de lim&amp;atilde;o e a&amp;ccedil;&amp;uacute;car",
      recipeIngredient: ["1 cup sugar &amp;amp;amp; salt", "2 tbsp lim&amp;atilde;o"],
      recipeInstructions: [
        { "@type": "HowToStep", text: "Preheat an oven to 350&amp;#176;F. It&amp;rsquo;s hot." },
        "Fry at 200&amp;deg; C.",
      ],
    };
    const recipe = only(page(ldJson(twice)));
    expect(recipe.title).toBe("Sticky Pomegranate & Black Pepper Wings");
    expect(recipe.description).toBe("Suco de limão e açúcar");
    expect(recipe.ingredients).toEqual(["1 cup sugar & salt", "2 tbsp limão"]);
    expect(recipe.instructions).toBe("Preheat an oven to 350°F. It’s hot.\nFry at 200° C.");
    // At most two layers beyond the first are undone.
    expect(only(page(ldJson({ ...padThai, name: "Salt &amp;amp;amp;amp; pepper" }))).title).toBe("Salt &amp; pepper");
  });

  it("decodes entities and normalises whitespace, leaving out markup, bullets, part headings and empty lines", () => {
    const messy = {
      ...padThai,
      name: "  Mac &amp;\n\t Cheese&#8217;s   Best ",
      recipeIngredient: ["&frac12;&nbsp;cup   <b>milk</b>", "", "For the sauce:", "• 2 tbsp butter", "1 tsp salt ((or to taste))"],
    };
    const recipe = only(page(ldJson(messy)));
    expect(recipe.title).toBe("Mac & Cheese’s Best");
    expect(recipe.ingredients).toEqual(["½ cup milk", "2 tbsp butter", "1 tsp salt (or to taste)"]);
  });

  it("reads a no-break space whose bytes the page's CMS misread as Latin-1 ('Â ') as a space (decision 0040)", () => {
    const misread = {
      ...padThai,
      recipeIngredient: ["2/3 cup\u00c2\u00a0orange juice", "1\u00c2\u00a0Tbsp\u00c2\u00a0salt", "1 Â tsp Ândria"],
    };
    expect(only(page(ldJson(misread))).ingredients).toEqual(["2/3 cup orange juice", "1 Tbsp salt", "1 Â tsp Ândria"]);
  });

  it("reads text whose UTF-8 bytes were misread as Latin-1 as UTF-8, only where all of it then decodes", () => {
    const misread = {
      ...padThai,
      description: "purÃª para 4 porÃ§Ãµes, vocÃª vai amar",
      recipeIngredient: ["1Â¼ cups half and half", "2 c. crème fraîche", "1 Â tsp Ândria", "Ã© 1Â¼ cups café", "SUCRÉ\u00A0: 1Â¼ cups"],
    };
    const recipe = only(page(ldJson(misread)));
    expect(recipe.description).toBe("purê para 4 porções, você vai amar");
    expect(recipe.ingredients).toEqual([
      "1¼ cups half and half",
      "2 c. crème fraîche",
      "1 Â tsp Ândria",
      "Ã© 1Â¼ cups café",
      "SUCRÉ : 1Â¼ cups",
    ]);
    expect(only(page(ldJson({ ...padThai, description: "SUCRÉ\u00A0: CAFÉ\u00A0!" }))).description).toBe("SUCRÉ : CAFÉ !");
  });

  it("leaves out the parentheses a plugin sets around a note that has its own, and no others (decision 0040)", () => {
    const notes = {
      ...padThai,
      recipeIngredient: [
        "1 leek ((white part only), sliced thin (Note 2))",
        "2 eggs ((beaten))",
        "1 cup rice (jasmine (or basmati))",
        "3 carrots ((peeled) and diced)",
      ],
    };
    expect(only(page(ldJson(notes))).ingredients).toEqual([
      "1 leek (white part only), sliced thin (Note 2)",
      "2 eggs (beaten)",
      "1 cup rice (jasmine (or basmati))",
      "3 carrots ((peeled) and diced)",
    ]);
  });

  it("adds the items the data leaves out from the printed list that holds all of the data's lines (decision 0040)", () => {
    const data = ldJson({ ...padThai, recipeIngredient: ["200 g rice noodles", "2 eggs"] });
    const printed = (...lines: string[]) =>
      `<h2>Ingredients</h2><ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul><h2>Method</h2><ol><li>Cook it all.</li></ol>`;
    const fuller = printed("Serves 4", "200 g rice noodles", "3 tbsp fish sauce", "2  Eggs", "½ lime");
    expect(only(page(data, fuller)).ingredients).toEqual(["200 g rice noodles", "3 tbsp fish sauce", "2 Eggs", "½ lime"]);
    // One line more, a line that opens with no amount, or a data line worded otherwise: the data as written.
    for (const other of [
      printed("200 g rice noodles", "2 eggs", "3 tbsp fish sauce"),
      printed("200 g rice noodles", "2 eggs", "3 tbsp fish sauce", "Lime wedges", "1 lime"),
      printed("200g rice noodles, soaked", "2 eggs", "3 tbsp fish sauce", "1 lime"),
    ]) {
      expect(only(page(data, other)).ingredients).toEqual(["200 g rice noodles", "2 eggs"]);
    }
  });

  it("takes the printed lines where the data names most ingredients without the amounts the page prints (decision 0040)", () => {
    const data = ldJson({ ...padThai, recipeIngredient: ["rice noodles", "eggs", "3 tbsp fish sauce"] });
    const printed = (...lines: string[]) =>
      `<h2>Ingredients</h2><ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul><h2>Method</h2><ol><li>Cook it all.</li></ol>`;
    const amounts = printed("200 g Rice noodles", "2 eggs, beaten", "3 tbsp fish sauce");
    expect(only(page(data, amounts)).ingredients).toEqual(["200 g Rice noodles", "2 eggs, beaten", "3 tbsp fish sauce"]);
    // A printed line that doesn't hold its data line, or amounts for half of the lines only: the data as written.
    for (const other of [printed("200 g noodles", "2 eggs", "3 tbsp fish sauce"), printed("rice noodles", "2 eggs", "3 tbsp fish sauce")]) {
      expect(only(page(data, other)).ingredients).toEqual(["rice noodles", "eggs", "3 tbsp fish sauce"]);
    }
  });

  it("takes the printed list where the data gives only its groups' names (decision 0040, fourteenth pass)", () => {
    const data = ldJson({ ...padThai, recipeIngredient: ["The base", "Dressing"] });
    const printed = (...lines: string[]) =>
      `<h2>Ingredients</h2><ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul><h2>Method</h2><ol><li>Cook it all.</li></ol>`;
    const items = printed("200 g rice noodles", "2 eggs", "3 tbsp fish sauce", "Lime wedges");
    expect(only(page(data, items)).ingredients).toEqual(["200 g rice noodles", "2 eggs", "3 tbsp fish sauce", "Lime wedges"]);
    // Names the printed lines hold (ingredients without their amounts), or too few printed lines: the data as written.
    const names = ldJson({ ...padThai, recipeIngredient: ["Noodles", "Sauce"] });
    const held = printed("200 g rice noodles", "2 eggs", "1 tbsp soy sauce", "1 lime");
    expect(only(page(names, held)).ingredients).toEqual(["Noodles", "Sauce"]);
    expect(only(page(data, printed("200 g rice noodles", "2 eggs", "1 lime"))).ingredients).toEqual(["The base", "Dressing"]);
  });

  it("keeps a quantity written '800.0 g' as the data writes it (decision 0040)", () => {
    const data = { ...padThai, recipeIngredient: ["800.0 g gnocchi", "2.0 onions"] };
    expect(only(page(ldJson(data))).ingredients).toEqual(["800.0 g gnocchi", "2.0 onions"]);
  });

  it("keeps a line repeated in another part of the recipe, but not a whole list printed twice", () => {
    const parts = ["2 tbsp butter", "1 cup flour", "2 tbsp butter", "1 cup sugar"];
    expect(only(page(ldJson({ ...padThai, recipeIngredient: parts }))).ingredients).toEqual(parts);
    const twice = ["1 cup flour", "2 eggs", "1 cup flour", "2 eggs"];
    expect(only(page(ldJson({ ...padThai, recipeIngredient: twice }))).ingredients).toEqual(["1 cup flour", "2 eggs"]);
  });

  it("stays within the recipe form's limits, and what it returns passes the form's schema", () => {
    const huge = {
      ...padThai,
      name: "Stew ".repeat(100),
      recipeIngredient: Array.from({ length: 400 }, (_, i) => `${i + 1} g salt`),
      recipeInstructions: Array.from({ length: 2_000 }, () => "Stir the pot slowly for a while. ".repeat(3)),
      keywords: [...Array.from({ length: 40 }, (_, i) => `tag ${i}`), "x".repeat(60)].join(","),
      recipeYield: "5000 g",
      cookTime: "P30D",
    };
    const recipe = only(page(ldJson(huge)));
    expect(recipe.title.length).toBeLessThanOrEqual(200);
    expect(recipe.ingredients).toHaveLength(300);
    expect(recipe.instructions.length).toBeLessThanOrEqual(50_000);
    expect(recipe.instructions.endsWith("while.")).toBe(true);
    expect(recipe.tags).toHaveLength(30);
    expect(recipe).toMatchObject({ servings: 4, cookTime: null });
    const asForm = { ...recipe, ingredients: recipe.ingredients.map((name) => ({ name, quantity: 1, unit: "units" })) };
    expect(recipeInput.safeParse(asForm).success).toBe(true);
  });
});

describe("extractRecipesFromHtml: other sources", () => {
  it("reads microdata", () => {
    const body = `
      <div itemscope itemtype="http://schema.org/Recipe">
        <h1 itemprop="name">Lemon Bars</h1>
        <img itemprop="image" src="http://cooks.example/bars.jpg">
        <meta itemprop="prepTime" content="PT15M">
        <span itemprop="recipeYield">Makes 16 bars</span>
        <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Ann</span></div>
        <ul><li itemprop="ingredients">1 cup flour</li><li itemprop="ingredients">2 lemons</li></ul>
        <ol itemprop="recipeInstructions"><li>Bake the base.</li><li>Pour the filling.</li></ol>
      </div>`;
    expect(only(page("", body))).toMatchObject({
      title: "Lemon Bars",
      imageUrl: "https://cooks.example/bars.jpg",
      prepTime: 15,
      servings: 16,
      ingredients: ["1 cup flour", "2 lemons"],
      instructions: "Bake the base.\nPour the filling.",
    });
  });

  it("reads a recipe kept only in the page's app state, where nothing else shows one (decision 0040, fourteenth pass)", () => {
    const state = {
      component: "Recipes/Show",
      props: {
        menu: [{ title: "Home" }],
        recipe: {
          title: "Fish Cakes",
          preparation_time: 20,
          serves: 4,
          ingredient_groups: [
            { title: null, ingredients: [{ amount: 400, unit: { name: "gram", abbreviation: "g" }, ingredient: { name: "cod" } }] },
            { title: "Sauce", ingredients: [{ text: "2 tbsp mayonnaise" }] },
          ],
          steps: [{ instruction: "Mash the fish." }, { instruction: "Fry the cakes." }],
        },
      },
    };
    const attribute = JSON.stringify(state).replace(/"/g, "&quot;");
    expect(only(page("<title>Fish Cakes | Cooks</title>", `<div id="app" data-page="${attribute}"></div>`))).toMatchObject({
      title: "Fish Cakes",
      servings: 4,
      ingredients: ["400 g cod", "2 tbsp mayonnaise"],
      instructions: "Mash the fish.\nFry the cakes.",
    });
    const next = {
      props: {
        pageProps: {
          data: {
            name: "Soup",
            ingredients: [{ ingredient_list: "<ul><li>1 leek</li><li>1 l stock</li></ul>" }],
            recipe_steps: "Cook.\nBlend.",
          },
        },
      },
    };
    const script = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`;
    expect(only(page(script)).ingredients).toEqual(["1 leek", "1 l stock"]);
    // A state of a million values before the recipe is looked through in bounded work (spread, it overflowed the stack).
    const large = { values: Array.from({ length: 1_000_000 }, () => 1), recipe: next.props.pageProps.data };
    expect(only(page(`<script type="application/json">${JSON.stringify(large)}</script>`)).title).toBe("Soup");
    // A product's ingredients, without steps, are no recipe.
    const product = { product: { name: "Crackers", ingredients: ["wheat flour", "salt"] } };
    expect(extract(page(`<script type="application/json">${JSON.stringify(product)}</script>`))).toEqual([]);
  });

  it("reads a recipe's microdata values in bounded work, however many or deeply nested", () => {
    const many = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Rice</h1>${'<span itemprop="ingredients">1 cup rice</span>'.repeat(100_000)}</div>`;
    // Each value used to copy the list before it: 100,000 of them took three minutes.
    expect(only(page("", many)).ingredients).toHaveLength(300);
    // Nested properties read their text once for each level: past the text bound, what follows is left out.
    const nested = (levels: number) =>
      `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Soup</h1>${'<div itemprop="description">'.repeat(levels)}${"x".repeat(10_000)}${"</div>".repeat(levels)}<span itemprop="recipeIngredient">1 egg</span></div>`;
    expect(only(page("", nested(50))).ingredients).toEqual(["1 egg"]);
    expect(MICRODATA_LIMITS.textChars).toBeLessThan(400 * 10_000);
    expect(extract(page("", nested(400)))).toEqual([]);
  });

  it("takes the fuller of recipeIngredient and ingredients where one runs the whole list together (decision 0040)", () => {
    const body = `
      <div itemscope itemtype="http://schema.org/Recipe">
        <h1 itemprop="name">Kohlrabi Bake</h1>
        <span itemprop="ingredients">2 kohlrabi</span><span itemprop="ingredients">6 potatoes</span>
        <span itemprop="ingredients">200 ml cream</span>
        <meta itemprop="recipeIngredient" content="2 kohlrabi 6 potatoes 200 ml cream">
        <ol itemprop="recipeInstructions"><li>Bake.</li></ol>
      </div>`;
    expect(only(page("", body)).ingredients).toEqual(["2 kohlrabi", "6 potatoes", "200 ml cream"]);
    const data = { ...padThai, ingredients: ["200 g rice noodles 2 eggs"], recipeIngredient: ["200 g rice noodles", "2 eggs"] };
    expect(only(page(ldJson(data))).ingredients).toEqual(["200 g rice noodles", "2 eggs"]);
  });

  it("leaves out an ingredient list's group headings printed all in bold without a digit, keeping bold ingredients (decision 0040)", () => {
    const microdata = `
      <div itemscope itemtype="http://schema.org/Recipe">
        <h1 itemprop="name">Meatballs in Sauce</h1>
        <div itemprop="ingredients"><p><strong>Meatballs&nbsp;</strong><br>400 g lamb mince<br>1 egg<br><b>Sauce</b><br><b>2 cloves garlic</b><br>salt</p></div>
        <ol itemprop="recipeInstructions"><li>Roll, fry and simmer.</li></ol>
      </div>`;
    expect(only(page("", microdata)).ingredients).toEqual(["400 g lamb mince", "1 egg", "2 cloves garlic", "salt"]);
    const asHtml = {
      ...padThai,
      recipeIngredient: "<p><b>NOODLES</b><br>200 g rice noodles<br><b>SAUCE (mix well)</b><br>3 tbsp fish sauce</p>",
    };
    expect(only(page(ldJson(asHtml))).ingredients).toEqual(["200 g rice noodles", "3 tbsp fish sauce"]);
    const printed = `<h1>Chicken Rice</h1>
      <h2>Ingredients</h2>
      <p>400 g chicken thighs</p><p>280 g jasmine rice</p><p><strong>The Marinade</strong></p><p>2 tsp sesame oil</p><p><strong>Salt</strong> to taste</p>
      <h2>Method</h2><ol><li>Marinate the chicken for an hour.</li><li>Cook it over the rice until done.</li></ol>`;
    expect(only(page("", printed)).ingredients).toEqual([
      "400 g chicken thighs",
      "280 g jasmine rice",
      "2 tsp sesame oil",
      "Salt to taste",
    ]);
    const items = `<h1>Chicken Rice</h1>
      <h2>Ingredients</h2><ul><li>400 g chicken</li><li><strong>For the glaze</strong></li><li>2 tbsp honey</li></ul>
      <h2>Method</h2><ol><li>Glaze the chicken and roast it for forty minutes.</li></ol>`;
    expect(only(page("", items)).ingredients).toEqual(["400 g chicken", "2 tbsp honey"]);
  });

  it("leaves out a list's group headings that are headings or whose class names one, keeping an ingredient in a labelled span (decision 0040)", () => {
    const blocks = `<h1>Caesar Salad</h1>
      <div class="recipe-ingredients"><h2>Ingredients</h2>
        <div class="ingredient"><span class="ingredient-name">2 heads romaine lettuce</span></div>
        <div class="ingredient cooked-heading">For the Dressing</div>
        <div class="ingredient"><span class="ingredient-name">3 cloves garlic</span></div>
        <div class="group-head">Garnish</div>
        <div class="ingredient"><span class="ingredient-item-label">salt</span></div>
      </div>
      <h2>Method</h2><ol><li>Whisk the dressing and toss the lettuce in it.</li></ol>`;
    expect(only(page("", blocks)).ingredients).toEqual(["2 heads romaine lettuce", "3 cloves garlic", "salt"]);
    const items = `<h1>Shortcakes</h1>
      <h2>Ingredients</h2><ul><li class="ingredient-group-title">Shortcakes</li><li>2 cups flour</li>
      <li><span class="group-name">Topping</span></li><li>1 cup cream</li></ul>
      <h2>Method</h2><ol><li>Bake the shortcakes and top them with the cream.</li></ol>`;
    expect(only(page("", items)).ingredients).toEqual(["2 cups flour", "1 cup cream"]);
    const nested = `<h1>Shortcakes</h1>
      <div class="ingredients"><div><h4>Shortcakes</h4><p>2 cups flour<br>1 tbsp sugar</p></div>
      <div><h4>Topping</h4><p>1 cup cream</p></div></div>
      <h2>Method</h2><ol><li>Bake the shortcakes and top them with the cream.</li></ol>`;
    expect(only(page("", nested)).ingredients).toEqual(["2 cups flour", "1 tbsp sugar", "1 cup cream"]);
  });

  it("leaves out a list's group headings set apart from its items by their tag or class (decision 0040)", () => {
    const items = `<h1>Polpettone</h1><h2>Ingredienti</h2>
      <ul><li class="label">Per la carne</li><li class="ingrediente">500 g macinato</li><li class="ingrediente">1 uovo</li>
      <li class="ingrediente">sale</li><li class="label">Per il purè</li><li class="ingrediente">1 kg patate</li>
      <li class="ingrediente">burro</li><li class="ingrediente">noce moscata</li></ul>
      <h2>Preparazione</h2><ol><li>Impastate la carne con l'uovo e cuocete in forno.</li></ol>`;
    expect(only(page("", items)).ingredients).toEqual(["500 g macinato", "1 uovo", "sale", "1 kg patate", "burro", "noce moscata"]);
    const blocks = `<h1>Chicken Tikka</h1><h2>Ingredients</h2><div>
      <p class="type-body">400 g chicken</p><p class="type-body">2 tbsp yoghurt</p><p class="type-body">salt</p>
      <p class="type-h5">FOR THE SAUCE</p><p class="type-body">500 g tomatoes</p><p class="type-body">fresh coriander</p></div>
      <h2>Method</h2><ol><li>Marinate the chicken, then grill it and simmer it in the sauce.</li></ol>`;
    expect(only(page("", blocks)).ingredients).toEqual(["400 g chicken", "2 tbsp yoghurt", "salt", "500 g tomatoes", "fresh coriander"]);
    // An item marked as the list's last, and rows of an amount and a name in turn, are no headings.
    const rows = `<h1>Salad</h1><h2>Ingredients</h2><ul><li>1 lettuce</li><li>2 tomatoes</li><li>1 cucumber</li>
      <li class="last">Pepper</li></ul><h2>Method</h2><ol><li>Chop everything and toss it together.</li></ol>`;
    expect(only(page("", rows)).ingredients).toEqual(["1 lettuce", "2 tomatoes", "1 cucumber", "Pepper"]);
  });

  it("reads a part's groups set side by side in containers of one class as one list (decision 0040)", () => {
    const group = (name: string, lines: string[]) =>
      `<div class="Ingredients"><h2>${name}</h2><div class="Contents">${lines.map((line) => `<p>${line}</p>`).join("")}</div></div>`;
    const steps = (name: string, lines: string[]) =>
      `<div class="recipe-steps"><h3>${name}</h3><ol>${lines.map((line) => `<li>${line}</li>`).join("")}</ol></div>`;
    const body = `<h1>Bûche de Noël</h1><div class="column">${group("Biscuit", ["2 oeufs", "60 g de sucre", "20 g de farine"])}
      ${group("Ganache", ["200 g de chocolat", "25 cl de crème"])}</div>
      <div class="column">${steps("Biscuit", ["Fouettez les oeufs avec le sucre.", "Ajoutez la farine et cuisez le biscuit."])}
      ${steps("Ganache", ["Versez la crème chaude sur le chocolat.", "Garnissez le biscuit et roulez-le."])}</div>`;
    expect(only(page("<title>Bûche de Noël</title>", body))).toMatchObject({
      ingredients: ["2 oeufs", "60 g de sucre", "20 g de farine", "200 g de chocolat", "25 cl de crème"],
      instructions: [
        "Fouettez les oeufs avec le sucre.",
        "Ajoutez la farine et cuisez le biscuit.",
        "Versez la crème chaude sur le chocolat.",
        "Garnissez le biscuit et roulez-le.",
      ].join("\n"),
    });
  });

  it("ends an ingredient list at a paragraph of prose after it (decision 0040)", () => {
    const tip =
      "If you can't find jasmine rice any long grain rice will do, but rinse it well and give it a few minutes more in the pan before you add the stock.";
    const body = `<h1>Chicken Rice</h1><section class="recipe-ingredients"><div><h3>Ingredients</h3>
      <p>400g chicken thighs</p><p>280g jasmine rice</p><p>340ml chicken stock</p><p>salt</p><p>${tip}</p></div>
      <div><h3>Method</h3><p>Simmer the chicken in the stock for twenty minutes.</p><p>Cook the rice in the broth.</p></div></section>`;
    expect(only(page("<title>Chicken Rice</title>", body)).ingredients).toEqual([
      "400g chicken thighs",
      "280g jasmine rice",
      "340ml chicken stock",
      "salt",
    ]);
  });

  it("takes the first ingredient list that scores nearly as well, not a container adding a nutrition label's line (decision 0040)", () => {
    const body = `<h1>Miso Caesar</h1><div class="recipe-ingredients"><h2>Ingredients</h2>
      <div class="items"><div>2 heads romaine lettuce</div><div>1 medium shallot</div><div>3 tbsp white miso</div><div>salt</div></div>
      <section><h3>Nutrition</h3><p>Servings 6</p></section></div>
      <h2>Method</h2><ol><li>Chop the lettuce into bite-sized pieces.</li><li>Blend the shallot and miso into a dressing.</li></ol>`;
    expect(only(page("<title>Miso Caesar</title>", body)).ingredients).toEqual([
      "2 heads romaine lettuce",
      "1 medium shallot",
      "3 tbsp white miso",
      "salt",
    ]);
  });

  it("leaves out what more frameworks' utility classes hide ('is-hidden', 'invisible', 'hide', 'offscreen') (decision 0040)", () => {
    const body = `<h1>Pancakes</h1><h2>Ingredients</h2><ul>
      <li>200 g flour<span class="is-hidden"> (1 2/3 cups)</span></li><li><span class="invisible">Checked: </span>2 eggs</li>
      <li>300 ml milk</li><li class="hide">300 ml milk</li><li>1 pinch salt<span class="offscreen"> Add to list</span></li></ul>
      <h2>Method</h2><ol><li>Whisk the flour, eggs and milk into a smooth batter.</li><li>Fry thin pancakes in a hot pan.</li></ol>`;
    expect(only(page("<title>Pancakes</title>", body)).ingredients).toEqual(["200 g flour", "2 eggs", "300 ml milk", "1 pinch salt"]);
  });

  it("ends a part at a newsletter sign-up dropped in between, its class a few words around the name (decision 0040)", () => {
    const body = `<h1>Apple Tart</h1>
      <p><strong>Ingredients:</strong></p><p>- 250g shortcrust pastry</p><p>- 4 large apples, diced</p><p>- Dash of whiskey</p>
      <div data-partial="signup"><div class="article-newsletter-signup-cta"><p>Sign up to our newsletter!</p><a href="/n">Subscribe</a></div></div>
      <p><strong>Method:</strong></p><p>Line the tins with the pastry and add the apple.</p><p>Bake for thirty minutes until golden.</p>`;
    expect(only(page("", body)).ingredients).toEqual(["250g shortcrust pastry", "4 large apples, diced", "Dash of whiskey"]);
  });

  it("reads a recipe inside a page builder's widgets, but not the builder's navigation widget (decision 0040)", () => {
    const body = `<div class="elementor-widget-wrap">
      <div class="elementor-element elementor-widget elementor-widget-nav-menu"><div class="elementor-widget-container">
        <h3>Ingredients</h3><ul><li><a href="/flour">Flour</a></li><li><a href="/sugar">Sugar</a></li><li><a href="/salt">Salt</a></li></ul>
      </div></div>
      <div class="elementor-element elementor-widget elementor-widget-theme-post-content"><div class="elementor-widget-container">
        <h1>Flatbread</h1>
        <h2>Ingredients</h2><ul><li>300 g flour</li><li>180 ml warm water</li><li>1 tsp salt</li></ul>
        <h2>Method</h2><ol><li>Knead everything for five minutes.</li><li>Cook each round in a dry pan.</li></ol>
      </div></div></div>`;
    expect(only(page("<title>Flatbread</title>", body))).toMatchObject({
      ingredients: ["300 g flour", "180 ml warm water", "1 tsp salt"],
      instructions: "Knead everything for five minutes.\nCook each round in a dry pan.",
    });
  });

  it("reads a recipe in blocks its CMS calls widgets, the heading a widget's title (decision 0040, seventh pass)", () => {
    const body = `<h1>Honey Chicken</h1>
      <aside class="container-widget-content recipe-aside"><h3 class="widget-title">Ingredients</h3>
        <ul class="recipe-list"><li>1 kg chicken</li><li>3 tbsp honey</li><li>2 garlic cloves</li></ul></aside>
      <div class="container-widget-content article-content"><h3 class="widget-title">Method</h3>
        <p>Brush the chicken with the honey and garlic.</p><p>Grill it on a high heat until charred.</p></div>`;
    expect(only(page("<title>Honey Chicken</title>", body))).toMatchObject({
      ingredients: ["1 kg chicken", "3 tbsp honey", "2 garlic cloves"],
      instructions: "Brush the chicken with the honey and garlic.\nGrill it on a high heat until charred.",
    });
  });

  it("reads a part's lines from inline text that line breaks split (decision 0040, seventh pass)", () => {
    const body = `<h1>Cabbage Bake</h1>
      <div><h5>Ingredients</h5><span class="info">750 g cabbage<br>1 <a href="/leek">leek</a><br>250 g mushrooms</span></div>
      <h5>Method</h5><p>Fry the cabbage, the leek and the mushrooms.</p><p>Bake for twenty minutes.</p>`;
    expect(only(page("<title>Cabbage Bake</title>", body)).ingredients).toEqual(["750 g cabbage", "1 leek", "250 g mushrooms"]);
  });

  it("reads a recipe card that the theme wraps in a layout classed as a sidebar or a footer (decision 0040)", () => {
    const card = (name: string) => `<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">${name}</h2>
      <h3>Ingredients</h3><ul><li>2 ripe pears</li><li>1 tbsp honey</li><li>50 g walnuts</li></ul>
      <h3>Instructions</h3><ol><li>Slice the pears and drizzle with honey.</li><li>Scatter the walnuts over.</li></ol></div>`;
    const body = `<div class="mainwrap single-default sidebar">${card("Pear Salad")}</div>
      <section class="content mv-footer">${card("Pear Toast")}</section>`;
    expect(extract(page("<title>Pears</title>", body)).map((recipe) => [recipe.title, recipe.ingredients.length])).toEqual([
      ["Pear Salad", 3],
      ["Pear Toast", 3],
    ]);
  });

  it("names a page's one recipe card without a title of its own after the page's heading (decision 0040)", () => {
    const body = `<h1>Pear Salad</h1><div class="wprm-recipe-container">
      <h3>Ingredients</h3><ul><li>2 ripe pears</li><li>1 tbsp honey</li><li>50 g walnuts</li></ul>
      <h3>Instructions</h3><ol><li>Slice the pears and drizzle with honey.</li><li>Scatter the walnuts over.</li></ol></div>`;
    expect(only(page("<title>Pear Salad - quick and fresh | Cooks</title>", body)).title).toBe("Pear Salad");
  });

  it("leaves a list's servings control out of its lines, its count on a line of its own or not (decision 0040)", () => {
    const recipe = (control: string) =>
      page(
        "<title>Rice</title>",
        `<h1>Rice</h1><div class="ingredients">${control}<div>200 g rice</div><div>400 ml water</div><div>1 pinch salt</div></div>
        <h2>Method</h2><ol><li>Rinse the rice until the water runs clear.</li><li>Simmer covered for twelve minutes.</li></ol>`,
      );
    const lines = ["200 g rice", "400 ml water", "1 pinch salt"];
    expect(only(recipe(`<div>Für</div><div>4</div><div>Portionen</div>`)).ingredients).toEqual(lines);
    expect(only(recipe(`<div>Serves</div><div>4</div>`)).ingredients).toEqual(lines);
    expect(only(recipe(`<div>(Op basis van personen)</div>`)).ingredients).toEqual(lines);
    expect(only(recipe(`<div>4personnes</div>`)).ingredients).toEqual(lines);
    expect(only(recipe(`<div>4</div>`)).ingredients).toEqual(["4", ...lines]);
    expect(only(recipe(`<div>4</div><div>Portionen</div><div>2</div>`)).ingredients).toEqual(["2", ...lines]);
  });

  it("reads a line break in the page's source as a space, not as a new line (decision 0040)", () => {
    const body = `<h1>Omelette</h1><h2>Ingredients</h2><dl>
      <dd><span class="amount">3
        </span><span class="name">eggs</span></dd><dd><span class="amount">1 <span>tbsp</span>
        </span><span class="name">butter</span></dd><dd><span class="amount">1</span> <span class="name">pinch
        of salt</span></dd><dd><span class="amount">2</span>${"\n"}<span class="name">chives</span></dd></dl>
      <h2>Method</h2><ol><li>Beat the eggs with the salt.</li><li>Cook in the foaming butter.</li></ol>`;
    expect(only(page("<title>Omelette</title>", body)).ingredients).toEqual(["3 eggs", "1 tbsp butter", "1 pinch of salt", "2 chives"]);
  });

  it("leaves out an amount in a second system of units printed beside the first (decision 0040)", () => {
    const system = (n: number, amount: string, unit: string) =>
      `<span class="wprm-recipe-ingredient-unit-system wprm-recipe-ingredient-unit-system-${n}">${amount} ${unit}</span>`;
    const item = (first: string, second: string, name: string) => `<li>${first} ${second} <span>${name}</span></li>`;
    const body = `<h1>Dal</h1><h2>Ingredients</h2><ul>${item(system(1, "1 1/2", "cups"), system(2, "(300", "g)"), "red lentils")}
      ${item(system(1, "1", "large"), system(2, "(200", "g)"), "carrot")}${item("", "", "1 tsp salt")}</ul>
      <h2>Method</h2><ol><li>Rinse the lentils.</li><li>Simmer them with the carrot for twenty minutes.</li></ol>`;
    expect(only(page("<title>Dal</title>", body)).ingredients).toEqual(["1 1/2 cups red lentils", "1 large carrot", "1 tsp salt"]);
  });

  it("reads the ingredients in an aside whose class names the recipe, not in the page's other asides (decision 0040)", () => {
    const body = `<h1>Lentil Soup</h1>
      <aside class="more"><h3>Ingredients</h3><ul><li>2 cups of love</li><li>3 tbsp patience</li><li>1 pinch luck</li></ul></aside>
      <aside class="recipe-aside"><h3>Ingredients</h3><ul><li>200 g red lentils</li><li>1 onion</li><li>1 l stock</li></ul></aside>
      <h2>Method</h2><ol><li>Soften the onion in a little oil.</li><li>Add the lentils and stock, simmer twenty minutes.</li></ol>`;
    expect(only(page("<title>Lentil Soup</title>", body)).ingredients).toEqual(["200 g red lentils", "1 onion", "1 l stock"]);
  });

  it("takes a card's title from the title inside a wrapper classed as one, not the wrapper's summary and button (decision 0040)", () => {
    const body = `<div class="wprm-recipe-container"><div class="recipe-title"><h2 class="wprm-recipe-name">Pea Soup</h2>
      <div class="wprm-recipe-summary">A green soup for cold days</div><a href="/print">Print Recipe</a></div>
      <h3>Ingredients</h3><ul><li>500 g frozen peas</li><li>1 onion</li><li>750 ml stock</li></ul>
      <h3>Instructions</h3><ol><li>Soften the onion, add the peas and stock.</li><li>Simmer ten minutes and blend.</li></ol></div>`;
    expect(only(page("<title>Blog</title>", body)).title).toBe("Pea Soup");
  });

  it("names a recipe by the first of several h1s the page's title does not repeat, unless the title names the site (decision 0040)", () => {
    const recipe = `<h2>Ingredients</h2><ul><li>200 g butter</li><li>3 eggs</li><li>250 g sugar</li></ul>
      <h2>Method</h2><ol><li>Melt the butter and beat in the eggs and sugar.</li><li>Bake for twenty minutes.</li></ol>`;
    const body = `<h1>Fudgy cocoa squares</h1>${recipe}<section class="replies"><h1>Tell us what you think</h1></section>`;
    expect(only(page("<title>Easy brownies</title>", body)).title).toBe("Fudgy cocoa squares");
    expect(only(page("<title>Easy brownies | Fudge Corner</title>", body)).title).toBe("Easy brownies | Fudge Corner");
  });

  it("names a recipe by the h1 its page's title opens with, dashes and spaces written otherwise (decision 0040)", () => {
    const body = `<h1>Crêpes – the thin kind</h1><h2>Ingredients</h2><ul><li>125 g flour</li><li>3 eggs</li><li>3 dl milk</li></ul>
      <h2>Method</h2><ol><li>Whisk everything smooth.</li><li>Fry thin crêpes in butter.</li></ol><div><h1>Comments</h1></div>`;
    expect(only(page("<title>Crêpes - the thin kind | Pan Corner</title>", body)).title).toBe("Crêpes – the thin kind");
  });

  it("names a recipe by the h1 a breadcrumb trail ends with (decision 0040)", () => {
    const body = `<ul class="breadcrumb"><li><a href="/recipes">Recipes</a></li><li><h1 class="breadcrumb-current">Greek orzo salad</h1></li></ul>
      <h2>Ingredients</h2><ul><li>200 g orzo</li><li>1 cucumber</li><li>100 g feta</li></ul>
      <h2>Method</h2><ol><li>Cook the orzo and let it cool.</li><li>Toss it with the cucumber and feta.</li></ol>`;
    expect(only(page("<title>Orzo salad: our summer favourite</title>", body)).title).toBe("Greek orzo salad");
  });

  it("leaves the ingredient lines out of steps read from a container that holds both, unless nothing else is left (decision 0040)", () => {
    const ingredients = `<h2>Ingredients</h2><ul><li>2 eggs</li><li>1 tbsp butter</li><li>1 pinch salt</li></ul>`;
    const lines = `<p>2 eggs</p><p>1 tbsp butter</p><p>1 pinch salt</p>`;
    const steps = `<p>Beat the eggs with the salt until smooth.</p><p>Cook them gently in the butter.</p>`;
    const recipe = (method: string) =>
      only(page("<title>Eggs</title>", `<h1>Eggs</h1>${ingredients}<div class="instructions">${method}</div>`));
    expect(recipe(lines + steps).instructions).toBe("Beat the eggs with the salt until smooth.\nCook them gently in the butter.");
    expect(recipe(lines).instructions).toBe("2 eggs\n1 tbsp butter\n1 pinch salt");
  });

  it("reads a page's ingredients where it finds no steps, from a list of three lines or more, most with an amount (decision 0040)", () => {
    const recipe = (items: string) =>
      extract(
        page(
          "<title>Granola</title>",
          `<h1>Granola</h1><h2>Ingredients</h2><ul>${items}</ul><p><a href="/video">Watch the video to make it</a></p>`,
        ),
      );
    expect(recipe("<li>300 g oats</li><li>100 ml maple syrup</li><li>50 g almonds</li>")).toMatchObject([
      { title: "Granola", ingredients: ["300 g oats", "100 ml maple syrup", "50 g almonds"], instructions: "" },
    ]);
    expect(recipe("<li>300 g oats</li><li>100 ml maple syrup</li>")).toEqual([]);
    // A product's ingredients, without amounts, are no recipe.
    expect(recipe("<li>Oats</li><li>Maple syrup</li><li>Almonds (12%)</li>")).toEqual([]);
  });

  it("reads a page with no structured data from its headings and lists, title and image from OpenGraph", () => {
    const head = `<meta property="og:title" content="Grandma's Scones | Baking Blog"><meta property="og:image" content="https://cooks.example/scones.jpg">`;
    const body = `
      <nav><h3>Ingredients</h3><ul><li><a href="/flour">Flour</a></li><li><a href="/sugar">Sugar</a></li></ul></nav>
      <article>
        <h1>Grandma's Scones</h1>
        <p>Serves: 8</p>
        <h2>Ingredients</h2>
        <ul><li>2 cups flour</li><li>1 tbsp baking powder</li><li>&frac12; cup cream</li></ul>
        <h2>Method</h2>
        <ol><li>Heat the oven to 220C.</li><li>Mix, cut and bake for 12 minutes.</li></ol>
        <h2>Notes</h2><p>Best on the day.</p>
      </article>`;
    expect(only(page(head, body))).toMatchObject({
      title: "Grandma's Scones",
      imageUrl: "https://cooks.example/scones.jpg",
      servings: 8,
      ingredients: ["2 cups flour", "1 tbsp baking powder", "½ cup cream"],
      instructions: "Heat the oven to 220C.\nMix, cut and bake for 12 minutes.",
    });
  });

  it("reads headings written as paragraphs, and reads only the tab a person sees", () => {
    const body = `<h1>Pancakes</h1>
      <p><strong>Ingredients:</strong></p>
      <ul role="tablist"><li><a href="#us">US</a></li><li><a href="#metric">Metric</a></li></ul>
      <div role="tabpanel" id="us"><p>1 cup milk</p></div>
      <div role="tabpanel" id="metric" class="active"><p>250 ml milk</p><p>2 eggs</p></div>
      <p><strong>Directions:</strong> Whisk everything together.</p>
      <p>Fry in a hot pan.</p>`;
    expect(only(page("<title>Pancakes</title>", body))).toMatchObject({
      title: "Pancakes",
      ingredients: ["250 ml milk", "2 eggs"],
      instructions: "Whisk everything together.\nFry in a hot pan.",
    });
  });

  it("takes a count of ingredients (a tag: '10 ingredients or less') for no heading, and a numbered heading for one", () => {
    const body = `<h1>Shallot Dressing</h1>
      <div class="tags"><p>10 ingredients or less</p><p>No cook</p><p>Vegan</p><p>Gluten free</p><p>Soy free</p><p>Nut free</p>
        <p>5 min</p><p>Serves 4</p><p>Prep 5 min</p></div>
      <h2>1. Ingredients</h2><ul><li>1 shallot</li><li>60 ml vinegar</li><li>80 ml olive oil</li></ul>
      <h2>2. Method</h2><ol><li>Whisk everything together.</li></ol>`;
    expect(only(page("<title>Shallot Dressing</title>", body))).toMatchObject({
      ingredients: ["1 shallot", "60 ml vinegar", "80 ml olive oil"],
      instructions: "Whisk everything together.",
    });
  });

  it("reads the ingredients inside an element whose class names both parts, not that element's whole text", () => {
    const body = `<main><h1>Lemon Tofu</h1>
      <div class="recipe-ingredients-directions">
        <div class="ingredient-list"><h2>Ingredients</h2><ul><li>400 g tofu</li><li>1 lemon</li><li>2 tbsp oil</li></ul></div>
        <div class="direction-list"><h2>Directions</h2>
          <ol><li>Press the tofu for 10 minutes.</li><li>Fry it in 2 tbsp oil for 8 minutes.</li><li>Squeeze the lemon over it.</li></ol>
          <ul><li>Keeps for 2 days.</li><li>Freeze for up to 3 months.</li></ul></div>
      </div></main>`;
    expect(only(page("<title>Lemon Tofu</title>", body)).ingredients).toEqual(["400 g tofu", "1 lemon", "2 tbsp oil"]);
  });

  it("reads the ingredients in a sidebar inside the page's main content, not in the page's own sidebar", () => {
    const body = `<div class="with-sidebar"><main><h1>Bean Bowl</h1>
        <div class="recipe-columns">
          <div class="sidebar"><h2>Ingredients</h2><ul><li>1 can black beans</li><li>1 avocado</li><li>1/4 tsp salt</li></ul></div>
          <div class="steps-column"><h2>Method</h2><ol><li>Warm the beans.</li><li>Slice the avocado and serve.</li></ol></div>
        </div></main>
      <div class="sidebar"><h3>Ingredients</h3><ul><li>1 cup of coffee</li></ul></div></div>`;
    expect(only(page("<title>Bean Bowl</title>", body)).ingredients).toEqual(["1 can black beans", "1 avocado", "1/4 tsp salt"]);
  });

  it("splits a data step that numbers its steps in its text, and keeps a step that only mentions numbers (decision 0040)", () => {
    const numbered = ldJson({ ...padThai, recipeInstructions: "1.番茄切丁 2.土豆切丁 3.鸡肉切块" });
    expect(only(page(numbered)).instructions).toEqual("番茄切丁\n土豆切丁\n鸡肉切块");
    const mentions = ldJson({ ...padThai, recipeInstructions: "Bake 2. Turn 3 times. Serve." });
    expect(only(page(mentions)).instructions).toEqual("Bake 2. Turn 3 times. Serve.");
  });

  it("reads a list under no heading that reads as ingredients, and the paragraphs after it as the steps", () => {
    const body = `<h1>Orange Carrots</h1><p>My favourite side.</p>
      <ul><li>3 large carrots</li><li>Orange juice</li><li>1/4 tsp. salt</li><li>1 Tbs. soy sauce</li></ul>
      <p>Cut the carrots into thick rounds.</p><p>Simmer them in the juice until tender.</p>`;
    expect(only(page("<title>Orange Carrots | Bento</title>", body))).toMatchObject({
      title: "Orange Carrots",
      ingredients: ["3 large carrots", "Orange juice", "1/4 tsp. salt", "1 Tbs. soy sauce"],
      instructions: "Cut the carrots into thick rounds.\nSimmer them in the juice until tender.",
    });
    // Units of other languages: French spoons and cloves, Polish spoons (decision 0040).
    const french = `<h1>Tagliatelles carbonara</h1><h3>Pour 2 personnes :</h3>
      <ul><li>250 g de tagliatelles</li><li>1 oeuf</li><li>4 cs de parmesan</li><li>1 gousse d'ail</li></ul>
      <p>Battez l'oeuf et le jaune dans un bol à la fourchette.</p><p>Ajoutez le parmesan et mélangez bien le tout.</p>`;
    expect(only(page("<title>Carbonara</title>", french)).ingredients).toEqual([
      "250 g de tagliatelles",
      "1 oeuf",
      "4 cs de parmesan",
      "1 gousse d'ail",
    ]);
    const specs = `<h1>Our phone</h1><ul><li>6 GB memory</li><li>2 cameras</li><li>1 year warranty</li></ul><p>Buy it in our shop today.</p>`;
    expect(extract(page("<title>Phone</title>", specs))).toEqual([]);
  });

  it("reads ingredients in the article's own sidebar, and the steps under a heading that names the dish", () => {
    const body = `
      <aside class="site-sidebar"><h3>Ingredients</h3><ul><li>1 cup of tea</li><li>2 biscuits</li></ul></aside>
      <article>
        <h1>Paprika Bake</h1>
        <div class="entry-content">
          <p>A quick dish for a weekday.</p>
          <h2>Let's make the paprika bake!</h2>
          <p>Chop the onion and fry it with the mince.</p>
          <p>Add the rice and stock, cover and simmer for 15 minutes.</p>
          <h2>More recipes</h2><p><a href="/soup">A soup for cold days</a></p>
        </div>
        <div class="entry__sidebar">
          <div class="recipe__sidebar-title">Ingredients</div>
          <ul><li>300 g mince</li><li>2 peppers</li><li>150 g rice</li></ul>
        </div>
      </article>
      <div class="sidebar"><h3>Ingredients</h3><ul><li>1 cup of coffee</li></ul></div>`;
    expect(only(page("<title>Paprika Bake | Easy</title>", body))).toMatchObject({
      title: "Paprika Bake",
      ingredients: ["300 g mince", "2 peppers", "150 g rice"],
      instructions: "Chop the onion and fry it with the mince.\nAdd the rice and stock, cover and simmer for 15 minutes.",
    });
  });

  it("leaves a wiki's namespace out of the page's heading", () => {
    const body = `<h1>Cookbook:Pumpkin Pie</h1><h2>Ingredients</h2><ul><li>1 can pumpkin</li></ul><h2>Procedure</h2><ol><li>Bake it.</li></ol>`;
    expect(only(page("<title>Cookbook:Pumpkin Pie - Wikibooks</title>", body)).title).toBe("Pumpkin Pie");
    const spaced = `<h1>Pie: the Classic</h1><h2>Ingredients</h2><ul><li>1 can pumpkin</li></ul><h2>Method</h2><ol><li>Bake it.</li></ol>`;
    expect(only(page("<title>Pie: the Classic</title>", spaced)).title).toBe("Pie: the Classic");
  });

  it("reads the servings printed beside an icon that names them, when the data leaves them out", () => {
    const noYield = ldJson({ ...padThai, recipeYield: undefined });
    const stats = (alt: string, value: string) =>
      `<div class="stats"><span class="stat"><img src="/clock.svg" alt="time"><b>40 min.</b></span>` +
      `<span class="stat"><i><img src="/man.svg" alt="${alt}"></i><div>${value}</div></span></div>`;
    expect(only(page(noYield, stats("Number of servings", "6 people"))).servings).toBe(6);
    expect(only(page(noYield, stats("ilość porcji", "8 os."))).servings).toBe(8);
    expect(only(page(noYield, stats("A photo of the chef", "6 people"))).servings).toBe(4);
    expect(only(page(noYield, stats("servings", "Serve it warm with 2 sauces and bread"))).servings).toBe(4);
  });

  it("reads the servings beside an icon font's icon whose class names them (decision 0040)", () => {
    const noYield = ldJson({ ...padThai, recipeYield: undefined });
    const stats = (icon: string) =>
      `<ul class="stats"><li><span class="icon icon-clock"></span><span>40 min</span></li>` +
      `<li><span class="${icon}"></span><span>6-8</span></li></ul>`;
    expect(only(page(noYield, stats("gbcicon gbcicon-serves"))).servings).toBe(8);
    expect(only(page(noYield, stats("fa fa_servings"))).servings).toBe(8);
    expect(only(page(noYield, stats("icon icon-heart"))).servings).toBe(4);
  });

  it("reads servings printed as a count before the word, in a few languages (decision 0040)", () => {
    const noYield = ldJson({ ...padThai, recipeYield: undefined });
    const servings = (line: string) => only(page(noYield, `<p>${line}</p>`)).servings;
    expect(servings("Pour 2 personnes :")).toBe(2);
    expect(servings("Für 6 Portionen")).toBe(6);
    expect(servings("1 personas")).toBe(1);
    expect(servings("12 servings")).toBe(12);
    // After a label of its own, closed by a colon.
    expect(servings("Recept voor: 2 personen")).toBe(2);
    expect(servings("Dosi per: 10 persone")).toBe(10);
    // A count in a sentence is no servings line.
    expect(servings("Fry 2 portions of noodles at a time in the hot wok")).toBe(4);
  });

  it("reads servings whose label runs into the count, set apart by style alone (decision 0040)", () => {
    const noYield = ldJson({ ...padThai, recipeYield: undefined });
    const servings = (line: string) => only(page(noYield, `<p>${line}</p>`)).servings;
    expect(servings(`<span class="label">Servings</span><span class="value">8 servings</span>`)).toBe(8);
    expect(servings(`<span>Serves</span><span>6 to 8</span>`)).toBe(8);
    expect(servings(`<span>Yields</span><span>30 cookies</span>`)).toBe(30);
  });

  it("reads each recipe plugin card on a page as its own recipe", () => {
    const card = (name: string, ingredient: string) => `
      <div class="wprm-recipe-container"><h2 class="wprm-recipe-name">${name}</h2>
        <div class="wprm-recipe-ingredients-container"><ul><li class="wprm-recipe-ingredient">${ingredient}</li></ul></div>
        <div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction">Mix it all well.</li></ul></div>
      </div>`;
    const recipes = extract(page("", `<h1>Two dips</h1>${card("Hummus", "1 can chickpeas")}${card("Tzatziki", "1 cucumber")}`));
    expect(recipes.map((r) => [r.title, r.ingredients])).toEqual([
      ["Hummus", ["1 can chickpeas"]],
      ["Tzatziki", ["1 cucumber"]],
    ]);
  });

  it("keeps the data's ingredient lines as written where the page prints them otherwise (decision 0040)", () => {
    const list = (...lines: string[]) => `<h2>Ingredients</h2><ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul>`;
    // Amounts converted, a metric amount left out, units spelled out: the data stays, as written.
    const converted = ["15.873 oz firm tofu", "1/8 tsp salt"];
    expect(
      only(page(ldJson({ ...padThai, recipeIngredient: converted }), list("16 oz (450 g) firm tofu, pressed", "1/2 tsp salt"))).ingredients,
    ).toEqual(converted);
    const cups = ["1 1/2 cups milk", "1 tbsp sugar"];
    expect(
      only(page(ldJson({ ...padThai, recipeIngredient: cups }), list("1 ½ cups (375 mL) milk", "1 tablespoon sugar"))).ingredients,
    ).toEqual(cups);
  });

  it("reads a list laid out as rows of blocks (the name, then its amount) one line a row", () => {
    const row = (name: string, amount: string) =>
      `<div class="row"><p class="name"><label><input type="checkbox">${name}</label></p><p class="amount">${amount}</p></div>`;
    const body = `<h1>Potato Pancakes</h1><div class="ingredients"><h2>Ingredients</h2>
      ${row("potatoes", "1 kilogram")}${row("onion", "1 piece")}${row("eggs", "2 pieces")}${row("salt", "1 pinch")}</div>
      <h2>Method</h2><ol><li>Grate the potatoes and the onion.</li><li>Mix in the eggs and fry.</li></ol>`;
    expect(only(page("<title>Potato Pancakes</title>", body)).ingredients).toEqual([
      "potatoes 1 kilogram",
      "onion 1 piece",
      "eggs 2 pieces",
      "salt 1 pinch",
    ]);
    // An amount alone in its block, a bare count or written after its unit, and a row of a name alone among them.
    const cells = (name: string, amount: string) => `<div class="item"><div>${name}</div>${amount && `<div>${amount}</div>`}</div>`;
    const counted = `<h1>Toast</h1><h2>Ingredients</h2><div class="list">${cells("bread", "4")}${cells("butter", "1 dl")}
      ${cells("sugar", "大さじ1")}${cells("cinnamon", "")}</div><h2>Method</h2><ol><li>Butter the bread.</li><li>Toast it.</li></ol>`;
    expect(only(page("<title>Toast</title>", counted)).ingredients).toEqual(["bread 4", "butter 1 dl", "sugar 大さじ1", "cinnamon"]);
    // Blocks that are no name and amount (paragraphs of a story) stay lines of their own.
    const story = `<h1>Soup</h1><h2>Ingredients</h2><ul><li>1 leek</li><li>2 potatoes</li><li>1 l stock</li></ul><h2>Method</h2>
      ${'<div class="step"><p>Chop the leek and the potatoes.</p><p>Cook them in the stock.</p></div>'.repeat(3)}`;
    expect(only(page("<title>Soup</title>", story)).instructions.split("\n")).toHaveLength(6);
  });

  it("reads an unlabelled list whose amounts follow the ingredient's name as the page's recipe (decision 0040)", () => {
    const body = `<h1>Tvarohové knedlíky</h1><ul class="menu"><li>Recepty</li><li>Kontakt</li></ul>
      <ul class="x"><li>hladká mouka <b>140 g</b></li><li>tvaroh <b>500 g</b></li><li>vejce <b>2 ks</b></li><li>sůl</li></ul>`;
    expect(only(page("<title>Tvarohové knedlíky</title>", body)).ingredients).toEqual([
      "hladká mouka 140 g",
      "tvaroh 500 g",
      "vejce 2 ks",
      "sůl",
    ]);
    // A count closing a line with no unit is no amount ("Top 10"): such a list is no recipe.
    const links = `<h1>News</h1><ul><li>Top 10</li><li>Season 2</li><li>Chapter 3</li></ul>`;
    expect(extract(page("<title>News</title>", links))).toEqual([]);
  });

  it("reads an unlabelled list whose lines open with a bare count as ingredients, not a numbered list of steps (decision 0040)", () => {
    const body = `<h1>Parmesan Chicken</h1><div><ul class="h29"><li>6 boneless chicken breasts</li><li>1 cup flour</li>
      <li>2 extra-large eggs</li><li>Kosher salt</li></ul></div>
      <div><p>Pound the chicken breasts until they are thin and even.</p><p>Coat them in the flour and the eggs.</p></div>`;
    expect(only(page("<title>Parmesan Chicken</title>", body)).ingredients).toEqual([
      "6 boneless chicken breasts",
      "1 cup flour",
      "2 extra-large eggs",
      "Kosher salt",
    ]);
    // A step's number is no count: a list of numbered sentences is no list of ingredients.
    const steps = `<h1>Notes</h1><ul><li>1. Read the notes.</li><li>2. Share them.</li><li>3. Come back.</li></ul>`;
    expect(extract(page("<title>Notes</title>", steps))).toEqual([]);
  });

  it("reads an unlabelled table of one ingredient a row, inside a page laid out in tables (decision 0040)", () => {
    const rows = `<table class="x"><tr><td>250 g</td><td>flour</td></tr><tr><td>2 tsp</td><td>baking powder</td></tr>
      <tr><td>50 g</td><td>butter</td></tr></table>`;
    const body = `<h1>Scones</h1><table><tr><td><p>Our scones, as the tea room makes them.</p>${rows}
      <p>Rub the butter into the flour and the baking powder.</p><p>Bake the scones for twelve minutes.</p></td></tr></table>`;
    expect(only(page("<title>Scones</title>", body))).toMatchObject({
      ingredients: ["250 g flour", "2 tsp baking powder", "50 g butter"],
      instructions: "Rub the butter into the flour and the baking powder.\nBake the scones for twelve minutes.",
    });
  });

  it("reads a recipe that a theme marks up as an aside or a sidebar when it holds the page's h1 (decision 0040)", () => {
    const recipe = `<h1>Stuffed Tortellini</h1><h2>Ingredients</h2><ul><li>500 g tortellini</li><li>2 cloves garlic</li></ul>
      <h2>Method</h2><ol><li>Roast the tomatoes with the garlic.</li><li>Toss the tortellini in the sauce.</li></ol>`;
    for (const wrapper of ['<aside class="left_mid">', '<div class="page-sidebar-layout">']) {
      const close = wrapper.startsWith("<aside") ? "</aside>" : "</div>";
      expect(only(page("<title>Stuffed Tortellini</title>", `${wrapper}${recipe}${close}`))).toMatchObject({
        title: "Stuffed Tortellini",
        ingredients: ["500 g tortellini", "2 cloves garlic"],
      });
    }
    // A sidebar without the page's heading is still the page's furniture.
    const aside = `<h1>Stuffed Tortellini</h1><aside><h2>Ingredients</h2><ul><li>1 kg flour</li><li>2 eggs</li><li>1 l milk</li></ul>
      <h2>Method</h2><ol><li>Mix the flour, eggs and milk.</li></ol></aside>`;
    expect(extract(page("<title>Stuffed Tortellini</title>", aside))).toEqual([]);
  });

  it("reads an unlabelled list written as a paragraph's lines (decision 0040)", () => {
    const body = `<h1>Pancakes</h1><p>My grandmother's recipe, made every Sunday.</p>
      <p>200 g flour<br>2 eggs<br>300 ml milk<br>1 pinch salt</p>
      <h2>Method</h2><p>Whisk the flour, eggs and milk into a smooth batter.</p><p>Fry thin pancakes in a hot pan.</p>`;
    expect(only(page("<title>Pancakes</title>", body)).ingredients).toEqual(["200 g flour", "2 eggs", "300 ml milk", "1 pinch salt"]);
  });

  it("reads the sentences after an ingredient list under a label as its steps, where no heading names them (decision 0040)", () => {
    const body = `<h1>Smoked ribs</h1><div class="article">
      <p>Ingredients</p>
      <ul><li>Pork ribs</li><li>Your favourite rub</li><li>1 cup apple cider vinegar</li></ul>
      <p>Optional</p><ul><li>BBQ sauce to glaze</li></ul>
      <p>Heat the smoker to 135 degrees with hickory wood.</p>
      <p>Rub the ribs all over and leave them for half an hour.</p>
      <p>Smoke them until the meat pulls back from the bones.</p></div>`;
    const recipe = only(page("<title>Smoked ribs</title>", body));
    expect(recipe.ingredients).toEqual(["Pork ribs", "Your favourite rub", "1 cup apple cider vinegar", "BBQ sauce to glaze"]);
    expect(recipe.instructions).toBe(
      "Heat the smoker to 135 degrees with hickory wood.\nRub the ribs all over and leave them for half an hour.\nSmoke them until the meat pulls back from the bones.",
    );
  });

  it("reads the page's recipe when its JSON-LD only names other recipes", () => {
    const related = {
      "@type": "ItemList",
      itemListElement: ["Soup", "Stew"].map((name) => ({ "@type": "Recipe", name, url: `/${name}` })),
    };
    const body = `<h1>Bread</h1><h2>Ingredients</h2><ul><li>500 g flour</li></ul><h2>Method</h2><ol><li>Knead and bake.</li></ol>`;
    expect(only(page(ldJson(related) + "<title>Bread</title>", body))).toMatchObject({ title: "Bread", ingredients: ["500 g flour"] });
  });

  it("leaves the site's name after a separator out of a title taken from the document's title (decision 0040)", () => {
    const { name: _name, ...unnamed } = padThai;
    const titled = (title: string) => only(page(ldJson(unnamed) + `<title>${title}</title>`)).title;
    expect(titled("Pad Thai | Cooks")).toBe("Pad Thai");
    expect(titled("Pad Thai - Cooks.example - Recipes")).toBe("Pad Thai");
    expect(titled("Pad Thai – Street food")).toBe("Pad Thai – Street food");
    // The recipe's own name is kept as it is written.
    expect(only(page(ldJson({ ...padThai, name: "Pad Thai | Cooks" }) + "<title>Thai food</title>")).title).toBe("Pad Thai | Cooks");
  });

  it("fills a missing title and image from OpenGraph", () => {
    const head = `<meta property="og:title" content="Pad Thai &amp; More"><meta property="og:image" content="https://cdn.example/og.jpg">`;
    const recipe = only(page(head + ldJson({ ...padThai, name: undefined, image: undefined })));
    expect(recipe).toMatchObject({ title: "Pad Thai & More", imageUrl: "https://cdn.example/og.jpg" });
  });

  it("finds nothing on a page without a recipe", () => {
    expect(extract(page("<title>About us</title>", "<h1>About us</h1><p>We like food.</p><ul><li>Home</li></ul>"))).toEqual([]);
    expect(extract(page(ldJson({ "@type": "Article", name: "Ten tips" }), "<h1>Ten tips</h1>"))).toEqual([]);
    expect(extract("")).toEqual([]);
  });
});

// The work a hostile page costs, as CPU time: the wall clock also counts the time other processes hold the cores.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe("extractRecipesFromHtml: hostile pages", () => {
  it("handles deep nesting, 10,000 script blocks, invalid JSON, thousands of headings and unclosed markup, quickly", () => {
    const deep = "<div><span>".repeat(50_000) + "Ingredients" + "</b>".repeat(1000);
    const scripts = Array.from({ length: 10_000 }, (_, i) => ldJson(i % 2 ? "{ not json recipe" : `{"@type":"Recipe","name":`)).join("");
    const deepList = "[".repeat(5000) + '"1 egg"' + "]".repeat(5000);
    const nested = ldJson(
      `{"@type":"Recipe","name":${deepList},"image":${deepList},"recipeIngredient":${deepList},"recipeInstructions":${deepList}}`,
    );
    const lists = "<h2>Ingredients</h2>" + "<ul><li>1 egg".repeat(20_000);
    const headings = "<div><p>Ingredients</p>".repeat(3_000);
    const scopes = '<div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">x</span>'.repeat(20_000);
    const start = cpuMs();
    for (const html of [
      deep,
      scripts,
      nested,
      lists,
      headings,
      scopes,
      "<<<>>><!--",
      "<script type=application/ld+json>{",
      "<a href='x".repeat(1000),
    ]) {
      expect(() => extract(html)).not.toThrow();
    }
    expect(extract(page(scripts + ldJson(padThai))).map((r) => r.title)).toEqual(["Pad Thai"]);
    expect(extract(page(ldJson(Array.from({ length: 500 }, (_, i) => ({ ...padThai, name: `Dish ${i}` })))))).toHaveLength(100);
    expect(cpuMs() - start).toBeLessThan(5_000);
  });
});

describe("extractRecipesFromHtml: hostile pages beside structured data", () => {
  it("reads data beside a printed list of 20,000 rows, and a page naming recipes 50,000 times, quickly", () => {
    const data = ldJson({ ...padThai, recipeIngredient: ["egg", "milk"] });
    const rows = `<h2>Ingredients</h2><div class="ingredients">${"<div><p>egg</p><p>1 piece</p></div>".repeat(20_000)}</div>`;
    const mentions = '<p class="recipe-cards recipe">'.repeat(50_000);
    const start = cpuMs();
    expect(only(page(data, rows)).ingredients).toEqual(["egg", "milk"]);
    expect(only(page(ldJson(padThai), mentions)).ingredients).toEqual(padThai.recipeIngredient);
    expect(cpuMs() - start).toBeLessThan(5_000);
  });
});

describe("recipe fields", () => {
  it.each([
    ["PT1H30M", 90],
    ["PT90M", 90],
    ["P0DT0H20M", 20],
    ["P1DT2H", 1560],
    ["P0Y0M0DT0H45M0.000S", 45],
    ["1 1/2 hours", 90],
    ["1½ hrs", 90],
    ["1h30", 90],
    ["2 h 10 m", 130],
    ["PT0.5H", 30],
    ["PT30S", 1],
    ["PT0M", 0],
    ["1 hour 20 mins", 80],
    ["10-15 minutes", 15],
    ["45 perc", 45],
    ["30 minutos", 30],
    ["20分", 20],
    [25, 25],
    ["P", null],
    ["soon", null],
    ["P30D", null],
  ])("reads the duration %j as %j minutes", (value, minutes) => {
    expect(minutesFrom(value)).toBe(minutes);
  });

  it.each([
    ["4 servings", 4],
    ["Serves 4-6", 6],
    ["4 to 6 servings", 6],
    ["8 - 10 serving(s)", 8],
    ["12 cookies", 12],
    [["4", "4 servings"], 4],
    [["", "Makes 8"], 8],
    [6, 6],
    ["2.0", 2],
    ["one loaf", null],
    ["0", null],
    ["5000 g", null],
    [undefined, null],
  ])("reads servings from the yield %j as %j", (value, servings) => {
    expect(servingsFrom(value)).toBe(servings);
  });

  it.each([
    [["Italian"], "Italian"],
    [["Tex-Mex"], "Mexican"],
    [["Japanese"], "Asian"],
    [["Korean", "Fusion"], "Asian"],
    [["Greek"], "Mediterranean"],
    [["Middle Eastern"], "Mediterranean"],
    [["Southern"], "American"],
    [["French"], "French"],
    [["Indian"], "Indian"],
    [["Nordic"], "Other"],
    [[], "Other"],
  ])("maps the cuisine %j to %s", (values, cuisine) => {
    expect(cuisineFrom(values)).toBe(cuisine);
  });
});
