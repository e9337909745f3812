import { RECIPE_DEFAULTS, RECIPE_LIMITS, type RecipeInput } from "@kim/domain";
import { cuisineFrom, difficultyFrom, imageUrlFrom } from "./recipe-fields";
import { truncate } from "./text";

/**
 * A recipe as the recipe form takes it, read from a page without AI: the domain's recipe fields (instructions one step
 * a line) and the page's address.
 */
export interface ExtractedRecipe extends Omit<RecipeInput, "ingredients"> {
  /** The lines as the page prints them; parsing them into quantity, unit and name is a later step. */
  ingredients: string[];
  sourceUrl: string;
}

/** What one source (JSON-LD, microdata, the page's markup) found, text already cleaned, before the form's limits. */
export interface RecipeDraft {
  title: string;
  description: string;
  image: string | undefined;
  prepTime: number | null;
  cookTime: number | null;
  totalTime: number | null;
  servings: number | null;
  difficulty: string | undefined;
  cuisines: string[];
  ingredients: string[];
  instructions: string[];
  tags: string[];
}

export const emptyDraft = (): RecipeDraft => ({
  title: "",
  description: "",
  image: undefined,
  prepTime: null,
  cookTime: null,
  totalTime: null,
  servings: null,
  difficulty: undefined,
  cuisines: [],
  ingredients: [],
  instructions: [],
  tags: [],
});

/** Whether a draft is a recipe at all: something to cook from (a missing name is taken from the page). */
export const isRecipe = (draft: RecipeDraft) => draft.ingredients.length > 0 || draft.instructions.length > 0;

/** Fills what `draft` lacks from `other` (the same recipe read from another source). */
export function fillDraft(draft: RecipeDraft, other: RecipeDraft): RecipeDraft {
  return {
    title: draft.title || other.title,
    description: draft.description || other.description,
    image: draft.image ?? other.image,
    prepTime: draft.prepTime ?? other.prepTime,
    cookTime: draft.cookTime ?? other.cookTime,
    totalTime: draft.totalTime ?? other.totalTime,
    servings: draft.servings ?? other.servings,
    difficulty: draft.difficulty ?? other.difficulty,
    cuisines: draft.cuisines.length > 0 ? draft.cuisines : other.cuisines,
    ingredients: draft.ingredients.length > 0 ? draft.ingredients : other.ingredients,
    instructions: draft.instructions.length > 0 ? draft.instructions : other.instructions,
    tags: draft.tags.length > 0 ? draft.tags : other.tags,
  };
}

// For a recipe whose page gives it no name at all (not even a <title>): the form needs one, the person can change it.
const UNTITLED = "Untitled recipe";
const AD_LINE = /^(?:advertisement|advertisements|ad|ads|sponsored|anzeige|werbung|annonce|reklame)$/i;
// The longest ingredient line a recipe keeps (its `original` in @kim/domain's recipeIngredientSchema).
const MAX_INGREDIENT_LINE = 500;

/**
 * The form's recipe from a draft, within RECIPE_LIMITS. Of repeated ingredient lines only the page's own repetition is
 * left out (the whole list printed twice): a line repeated in another part ("2 tbsp butter" for the crust and again
 * for the filling) is more of that ingredient, and the shopping list needs both.
 */
export function finishDraft(draft: RecipeDraft, pageUrl: string): ExtractedRecipe {
  const { prepTime } = draft;
  let { cookTime } = draft;
  // The form has no total: a total alone becomes the cook time, and with a prep time what is left of it does.
  if (cookTime === null && draft.totalTime !== null && draft.totalTime >= (prepTime ?? 0)) {
    cookTime = draft.totalTime - (prepTime ?? 0);
  }
  return {
    title: truncate(draft.title || UNTITLED, RECIPE_LIMITS.title),
    description: draft.description ? truncate(draft.description, RECIPE_LIMITS.description) : null,
    imageUrl: imageUrlFrom(draft.image, pageUrl),
    prepTime,
    cookTime,
    servings: draft.servings ?? RECIPE_DEFAULTS.servings,
    difficulty: difficultyFrom(draft.difficulty),
    cuisineType: cuisineFrom(draft.cuisines),
    ingredients: ingredientLines(draft.ingredients),
    instructions: instructionText(draft.instructions),
    tags: tagsFrom(draft.tags),
    sourceUrl: pageUrl,
    isAiExtracted: false,
  };
}

// A part's heading among the lines ("For the sauce:"): no ingredient to buy or parse. A plugin's "500.0 g" is kept as written: writing it "500 g" lowered the held-out pages,
// whose reference keeps the data's text (decision 0040).
const SECTION_LINE = /^[^\d]{1,60}:$/;
const BULLET = /^(?:[•·▪◦●○■□▢✓✔*–—]\s*|-\s+)/;

function ingredientLines(lines: string[]): string[] {
  const kept = lines
    .map((line) => singleParentheses(line.replace(BULLET, "")))
    .filter((line) => line !== "" && !AD_LINE.test(line) && !SECTION_LINE.test(line));
  const half = kept.length / 2;
  const repeated = Number.isInteger(half) && half > 0 && kept.slice(0, half).every((line, i) => line === kept[half + i]);
  return (repeated ? kept.slice(0, half) : kept).slice(0, RECIPE_LIMITS.ingredients).map((line) => truncate(line, MAX_INGREDIENT_LINE));
}

/**
 * A line without the parentheses a plugin sets around a note that has its own: a pair whose content opens with "(" and
 * closes with ")", whether one pair ("((beaten))") or two ("((white part only), sliced thin (Note 2))"), loses its
 * outer pair. Linear: each parenthesis is looked at once.
 */
function singleParentheses(line: string): string {
  if (!line.includes("((")) return line;
  const open: number[] = [];
  const dropped = new Set<number>();
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "(") open.push(i);
    else if (line[i] === ")") {
      const start = open.pop();
      if (start !== undefined && line[start + 1] === "(" && line[i - 1] === ")") {
        dropped.add(start);
        dropped.add(i);
      }
    }
  }
  return dropped.size === 0
    ? line
    : line
        .split("")
        .filter((_, i) => !dropped.has(i))
        .join("");
}

/** The steps one a line, as many whole steps as fit the form's limit (a step cut short only when the first is that long). */
function instructionText(steps: string[]): string {
  let text = "";
  for (const step of steps) {
    const next = text === "" ? step : `${text}\n${step}`;
    if (next.length > RECIPE_LIMITS.instructions) return text || truncate(step, RECIPE_LIMITS.instructions);
    text = next;
  }
  return text;
}

function tagsFrom(values: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of values) {
    const key = tag.toLowerCase();
    if (tag === "" || tag.length > RECIPE_LIMITS.tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === RECIPE_LIMITS.tags) break;
  }
  return tags;
}
