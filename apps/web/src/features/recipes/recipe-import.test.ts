import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { extractionCorrections, recipeInput } from "@kim/domain";
import { prefilledForm, recipeInputFromForm, recipePrefillSearch, type RecipePrefill } from "./recipe-form-values";
import { extractionFromPrefill, prefillFromImport, savableImport, webAddress, type ImportedRecipe } from "./recipe-import";

const imported: ImportedRecipe = {
  title: "Lemon Drizzle Cake",
  description: null,
  imageUrl: "https://example.com/cake.jpg",
  prepTime: 20,
  cookTime: null,
  servings: 8,
  difficulty: "Medium",
  cuisineType: "French",
  ingredients: [
    { name: "butter", quantity: 225, unit: "g", original: "225g butter, softened" },
    { name: "lemons", quantity: "1-2", unit: "", original: "1-2 lemons" },
    { name: "icing sugar", quantity: 0.5, unit: "cup", original: "1/2 cup icing sugar" },
    { name: "salt", quantity: "", unit: "", original: "salt" },
  ],
  instructions: "Heat the oven to 180C.\nBeat the butter and sugar.",
  tags: ["cake", "baking"],
  sourceUrl: "https://example.com/lemon-drizzle",
  isAiExtracted: false,
};

/** The prefill as the recipe form receives it: through the address bar, the way the router writes and reads it. */
const throughLink = (prefill: RecipePrefill): RecipePrefill => recipePrefillSearch(defaultParseSearch(defaultStringifySearch(prefill)));

const savedFrom = (prefill: RecipePrefill, change: (values: ReturnType<typeof prefilledForm>["values"]) => void = () => {}) => {
  const { values } = prefilledForm(prefill);
  change(values);
  return recipeInput.parse(recipeInputFromForm(values));
};

describe("a recipe form opened from an import", () => {
  it("shows the import as read, a missing time blank rather than the form's default", () => {
    const { values, unreadable } = prefilledForm(throughLink(prefillFromImport(imported)));
    expect(unreadable).toEqual([]);
    expect(values).toMatchObject({ title: "Lemon Drizzle Cake", description: "", imageUrl: "https://example.com/cake.jpg" });
    expect(values).toMatchObject({ prepTime: "20", cookTime: "", servings: "8", cuisineType: "French", tags: "cake, baking" });
    expect(values.ingredients.map((row) => [row.quantity, row.unit, row.name, row.original])).toEqual([
      ["225", "g", "butter", "225g butter, softened"],
      ["1-2", "", "lemons", "1-2 lemons"],
      ["0.5", "cup", "icing sugar", "1/2 cup icing sugar"],
      ["", "", "salt", "salt"],
    ]);
  });

  it("sends what the import read, so a recipe saved unchanged has no corrections and a changed title is one", () => {
    const prefill = throughLink(prefillFromImport(imported));
    const extraction = extractionFromPrefill(prefill);
    expect(extraction).toMatchObject({ sourceType: "url", sourceUrl: "https://example.com/lemon-drizzle" });
    expect(extraction?.originalExtraction).toMatchObject({ title: "Lemon Drizzle Cake", cookTime: null, servings: 8 });
    expect(extractionCorrections(extraction!.originalExtraction, savedFrom(prefill))).toEqual({});

    const renamed = savedFrom(prefill, (values) => (values.title = "Auntie's Lemon Cake"));
    expect(extractionCorrections(extraction!.originalExtraction, renamed)).toEqual({ title: "Auntie's Lemon Cake" });
  });

  it("records an import without ingredients as such, not as the form's empty row", () => {
    const prefill = throughLink(prefillFromImport({ ...imported, ingredients: [] }));
    expect(extractionFromPrefill(prefill)?.originalExtraction.ingredients).toEqual([]);
  });

  it("records a PDF's import as from a PDF, without an address", () => {
    const prefill = throughLink(prefillFromImport({ ...imported, sourceUrl: null }, "pdf"));
    expect(prefill).toMatchObject({ source: "pdf" });
    expect(prefill).not.toHaveProperty("sourceUrl");
    const extraction = extractionFromPrefill(prefill);
    expect(extraction).toMatchObject({ sourceType: "pdf", sourceUrl: null });
    expect(extraction?.originalExtraction).toMatchObject({ title: "Lemon Drizzle Cake", servings: 8 });
    expect(extractionCorrections(extraction!.originalExtraction, savedFrom(prefill))).toEqual({});
  });

  it("sends nothing for a plain form, and leaves out what a broken link could not say", () => {
    expect(extractionFromPrefill({ title: "Soup" })).toBeUndefined();
    const broken = extractionFromPrefill({
      title: "Soup",
      ingredients: "[{",
      cuisineType: "Martian",
      sourceUrl: "https://example.com/soup",
    });
    expect(broken?.originalExtraction).toEqual({ title: "Soup" });
  });
});

describe("Import All", () => {
  it("saves a complete import as it was read, and holds back one that lacks ingredients or steps", () => {
    expect(savableImport(imported)).toMatchObject({ title: "Lemon Drizzle Cake", cookTime: null, isAiExtracted: false });
    expect(savableImport(imported)).not.toHaveProperty("sourceUrl");
    expect(savableImport({ ...imported, ingredients: [] })).toBeNull();
    expect(savableImport({ ...imported, instructions: "" })).toBeNull();
  });
});

describe("webAddress", () => {
  it("is a link only for http and https", () => {
    expect(webAddress("https://example.com/a")?.hostname).toBe("example.com");
    expect(webAddress("javascript:alert(1)")).toBeNull();
    expect(webAddress("not a url")).toBeNull();
  });
});
