import type { MealType } from "@kim/domain";
import { askModelForJson, type ModelSettings } from "../../outside/json-model";

/** What the model is told about each candidate recipe. */
export interface RankingCandidate {
  id: string;
  title: string;
  /** The meals it suits; each slot is filled with a recipe suiting it. */
  mealTypes: MealType[];
  ingredients: string[];
}

export interface RankingRequest {
  candidates: RankingCandidate[];
  /** The cook's stock with an amount, each with days until it expires (null: no date). */
  stock: { name: string; daysLeft: number | null }[];
  slots: number;
}

/** The answer the model must give: the candidates' ids, best first. */
const RANKING_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["recipeIds"],
  properties: {
    recipeIds: { type: "array", items: { type: "string" }, description: "candidate recipe ids, best first, each once" },
  },
} as const;

const INSTRUCTIONS =
  "You plan a home cook's meals for the rest of the week from their own recipes. Rank the candidate recipes, best " +
  "first: prefer recipes that use stock expiring soonest, then recipes that use more of the stock, and vary the " +
  "meals. Each candidate lists the meals it suits. Answer only with candidate ids.";

/**
 * Asks an OpenAI-compatible model, through the official client, to rank the candidates. Answers the ids it gave (to
 * be checked by the caller: a model's JSON is input like any other), or null when it could not be asked or
 * answered badly, so the rules' ranking stands.
 */
export async function rankWithModel(settings: ModelSettings, request: RankingRequest): Promise<unknown[] | null> {
  try {
    const reply = await askModelForJson(settings, {
      instructions: INSTRUCTIONS,
      content: JSON.stringify(request),
      name: "meal_ranking",
      schema: RANKING_SCHEMA,
    });
    const answer: unknown = JSON.parse(reply);
    const ids = (answer as { recipeIds?: unknown } | null)?.recipeIds;
    return Array.isArray(ids) ? ids : null;
  } catch {
    return null;
  }
}
