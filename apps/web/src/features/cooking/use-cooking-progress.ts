import { useState } from "react";
import { RECIPE_LIMITS } from "@kim/domain";
import { field, readStored, writeStored } from "./cooking-storage";

interface CookingProgress {
  servings: number;
  /** One flag per ingredient line, in order. */
  ingredients: boolean[];
  /** One flag per instruction step, in order. */
  steps: boolean[];
}

const isServings = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= RECIPE_LIMITS.servings;

/**
 * Stored checks, when they still fit the recipe: one flag per line. After an edit that added or removed lines the
 * flags would land on the wrong lines, so they are dropped.
 */
function storedChecks(raw: unknown, lines: number): boolean[] {
  if (Array.isArray(raw) && raw.length === lines && raw.every((flag) => typeof flag === "boolean")) return raw;
  return Array.from({ length: lines }, () => false);
}

function loadProgress(recipeId: string, servings: number, ingredients: number, steps: number): CookingProgress {
  const stored = readStored(recipeId, "progress");
  const storedServings = field(stored, "servings");
  return {
    servings: isServings(storedServings) ? storedServings : servings,
    ingredients: storedChecks(field(stored, "ingredients"), ingredients),
    steps: storedChecks(field(stored, "steps"), steps),
  };
}

const toggled = (flags: boolean[], index: number, checked: boolean) => flags.map((flag, i) => (i === index ? checked : flag));

/** The servings the cook chose and what they ticked off, kept per recipe across reloads. */
export function useCookingProgress(recipeId: string, recipeServings: number, ingredientCount: number, stepCount: number) {
  const [progress, setProgress] = useState(() => loadProgress(recipeId, recipeServings, ingredientCount, stepCount));
  const update = (next: CookingProgress) => {
    setProgress(next);
    writeStored(recipeId, "progress", next);
  };
  return {
    ...progress,
    setServings: (servings: number) => {
      if (isServings(servings)) update({ ...progress, servings });
    },
    checkIngredient: (index: number, checked: boolean) =>
      update({ ...progress, ingredients: toggled(progress.ingredients, index, checked) }),
    checkStep: (index: number, checked: boolean) => update({ ...progress, steps: toggled(progress.steps, index, checked) }),
  };
}
