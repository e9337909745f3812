import { describe, expect, expectTypeOf, it } from "vitest";
import { RECIPE_FIELDS, RECIPE_SUMMARY_FIELDS, recipeFieldsWithout, type RecipeField } from "./recipe-fields";
import { recipeInput, recipeUpdate, type RecipeInput, type RecipeUpdate } from "./recipe-input";

describe("recipe fields", () => {
  it("are the input schema's fields, in the form's order", () => {
    expect(Object.keys(recipeUpdate.shape)).toEqual(RECIPE_FIELDS);
    expect(Object.keys(recipeInput.shape)).toEqual(RECIPE_FIELDS);
    expectTypeOf<keyof RecipeInput>().toEqualTypeOf<RecipeField>();
    expectTypeOf<keyof RecipeUpdate>().toEqualTypeOf<RecipeField>();
  });

  it("leave out what a list asks to, keeping the order", () => {
    expect(RECIPE_SUMMARY_FIELDS).not.toContain("ingredients");
    expect(RECIPE_SUMMARY_FIELDS).not.toContain("instructions");
    expect(RECIPE_SUMMARY_FIELDS).toHaveLength(RECIPE_FIELDS.length - 2);
    expect(recipeFieldsWithout("title", "isAiExtracted")).toEqual(RECIPE_FIELDS.slice(1, -1));
  });
});
