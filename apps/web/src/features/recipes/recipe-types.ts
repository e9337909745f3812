import type { RouterOutputs } from "../../lib/trpc";

export type RecipeSummary = RouterOutputs["recipes"]["list"][number];
export type Recipe = RouterOutputs["recipes"]["get"];
