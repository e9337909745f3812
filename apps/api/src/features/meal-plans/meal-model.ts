import type { MealType } from "@kim/domain";
import { z } from "zod";
import { answerShape, type JsonModel } from "../../outside/json-model";

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
const RANKING = answerShape(
  "meal_ranking",
  z.object({ recipeIds: z.array(z.string()).describe("candidate recipe ids, best first, each once") }),
);

const INSTRUCTIONS =
  "You plan a home cook's meals for the rest of the week from their own recipes. Rank the candidate recipes, best " +
  "first: prefer recipes that use stock expiring soonest, then recipes that use more of the stock, and vary the " +
  "meals. Each candidate lists the meals it suits. Answer only with candidate ids.";

/**
 * Asks the model to rank the candidates. Answers the ids it gave (to be checked against the candidates by the caller),
 * or null when it could not be asked or answered badly, so the rules' ranking stands.
 */
export async function rankWithModel(model: JsonModel, request: RankingRequest): Promise<string[] | null> {
  const reply = await model.ask(RANKING, { instructions: INSTRUCTIONS, content: JSON.stringify(request) });
  return reply.kind === "ok" ? reply.answer.recipeIds : null;
}
