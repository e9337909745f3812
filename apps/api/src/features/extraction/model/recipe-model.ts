import { z } from "zod";
import { answerShape, type JsonModel, type ModelUnavailable } from "../../../outside/json-model";
import { emptyDraft, type RecipeDraft } from "../recipe-draft";
import { minutesFrom, servingsFrom } from "../recipe-fields";
import { cleanText } from "../text";

export type ModelAnswer = { kind: "ok"; drafts: RecipeDraft[] } | ModelUnavailable;

const minutes = z.int().nullable().describe("whole minutes");

/** The answer the model must give: every recipe in the text, ingredient lines as printed, one step an entry. */
const RECIPES = answerShape(
  "recipes",
  z.object({
    recipes: z.array(
      z.object({
        title: z.string(),
        description: z.string(),
        servings: z.int().nullable(),
        prepTimeMinutes: minutes,
        cookTimeMinutes: minutes,
        cuisine: z.string().nullable(),
        ingredients: z.array(z.string()).describe("each ingredient line exactly as printed"),
        instructions: z.array(z.string()).describe("one step per entry, as printed"),
        tags: z.array(z.string()),
      }),
    ),
  }),
);

type ModelRecipe = z.infer<typeof RECIPES.schema>["recipes"][number];

const INSTRUCTIONS =
  "You read recipes out of text taken from a web page or a PDF. Return every complete recipe in the text, copying " +
  "ingredient lines and steps as printed, without inventing anything. If the text holds no recipe, return an empty list.";

const lines = (values: string[]) => values.map(cleanText).filter(Boolean);

/** A recipe as the model gave it, as a draft: its text cleaned and its figures checked like a page's. */
function draftFrom(recipe: ModelRecipe): RecipeDraft {
  const cuisine = cleanText(recipe.cuisine ?? "");
  return {
    ...emptyDraft(),
    title: cleanText(recipe.title),
    description: cleanText(recipe.description),
    servings: servingsFrom(recipe.servings),
    prepTime: minutesFrom(recipe.prepTimeMinutes),
    cookTime: minutesFrom(recipe.cookTimeMinutes),
    cuisines: cuisine ? [cuisine] : [],
    ingredients: lines(recipe.ingredients),
    instructions: lines(recipe.instructions),
    tags: lines(recipe.tags),
  };
}

/** Asks the model for the recipes in `content` (a page's or a PDF's text); `signal` stops the asking. */
export async function recipesFromModel(model: JsonModel, content: string, signal?: AbortSignal): Promise<ModelAnswer> {
  const reply = await model.ask(RECIPES, { instructions: INSTRUCTIONS, content, signal });
  return reply.kind === "ok" ? { kind: "ok", drafts: reply.answer.recipes.map(draftFrom) } : reply;
}
