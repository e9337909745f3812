import OpenAI from "openai";
import { askModelForJson, type ModelSettings } from "../../outside/json-model";
import { emptyDraft, type RecipeDraft } from "./recipe-draft";
import { minutesFrom, servingsFrom } from "./recipe-fields";
import { cleanText } from "./text";

export type ModelAnswer = { kind: "ok"; drafts: RecipeDraft[] } | { kind: "unavailable"; reason: "timeout" | "error"; detail: string };

const text = { type: "string" } as const;
const minutesOrNull = { type: ["integer", "null"], description: "whole minutes" } as const;

/** The answer the model must give: every recipe in the text, ingredient lines as printed, one step an entry. */
const RECIPES_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["recipes"],
  properties: {
    recipes: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "title",
          "description",
          "servings",
          "prepTimeMinutes",
          "cookTimeMinutes",
          "cuisine",
          "ingredients",
          "instructions",
          "tags",
        ],
        properties: {
          title: text,
          description: text,
          servings: { type: ["integer", "null"] },
          prepTimeMinutes: minutesOrNull,
          cookTimeMinutes: minutesOrNull,
          cuisine: { type: ["string", "null"] },
          ingredients: { type: "array", items: text, description: "each ingredient line exactly as printed" },
          instructions: { type: "array", items: text, description: "one step per entry, as printed" },
          tags: { type: "array", items: text },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS =
  "You read recipes out of text taken from a web page or a PDF. Return every complete recipe in the text, copying " +
  "ingredient lines and steps as printed, without inventing anything. If the text holds no recipe, return an empty list.";

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((v) => typeof v === "string")
        .map(cleanText)
        .filter(Boolean)
    : [];
const string = (value: unknown) => (typeof value === "string" ? cleanText(value) : "");

/** The model's answer as drafts, each field checked: a model's JSON is input like any other. */
function draftsFrom(answer: unknown): RecipeDraft[] {
  const recipes = (answer as { recipes?: unknown } | null)?.recipes;
  if (!Array.isArray(recipes)) return [];
  return recipes.flatMap((raw: unknown) => {
    if (typeof raw !== "object" || raw === null) return [];
    const r = raw as Record<string, unknown>;
    const cuisine = string(r.cuisine);
    return [
      {
        ...emptyDraft(),
        title: string(r.title),
        description: string(r.description),
        servings: servingsFrom(r.servings),
        prepTime: minutesFrom(r.prepTimeMinutes),
        cookTime: minutesFrom(r.cookTimeMinutes),
        cuisines: cuisine ? [cuisine] : [],
        ingredients: strings(r.ingredients),
        instructions: strings(r.instructions),
        tags: strings(r.tags),
      },
    ];
  });
}

/** Asks an OpenAI-compatible model, through the official client, for the recipes in `content` (a page's or a PDF's text). */
export async function recipesFromModel(settings: ModelSettings, content: string): Promise<ModelAnswer> {
  try {
    const reply = await askModelForJson(settings, { instructions: INSTRUCTIONS, content, name: "recipes", schema: RECIPES_SCHEMA });
    let answer: unknown;
    try {
      answer = JSON.parse(reply);
    } catch {
      return { kind: "unavailable", reason: "error", detail: "the model's answer was not JSON" };
    }
    return { kind: "ok", drafts: draftsFrom(answer) };
  } catch (err) {
    const timedOut = err instanceof OpenAI.APIConnectionTimeoutError;
    return { kind: "unavailable", reason: timedOut ? "timeout" : "error", detail: err instanceof Error ? err.message : String(err) };
  }
}
