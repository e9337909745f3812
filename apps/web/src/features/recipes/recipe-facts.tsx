import { Clock, Flame, Users } from "lucide-react";
import { formatMinutes, totalTime } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { cn } from "@kim/ui/lib/utils";
import type { RecipeSummary } from "./recipe-types";

interface RecipeFactsProps {
  recipe: Pick<RecipeSummary, "prepTime" | "cookTime" | "servings" | "difficulty" | "cuisineType">;
  /** Put before the servings, e.g. "Makes " where the list stands under the title. */
  servingsPrefix?: string;
  className?: string;
}

/** A recipe's total time, servings, difficulty and cuisine, as on its card and in cooking mode. */
export function RecipeFacts({ recipe, servingsPrefix, className }: RecipeFactsProps) {
  const minutes = totalTime(recipe.prepTime, recipe.cookTime);
  return (
    <ul className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground", className)} aria-label="Details">
      {minutes !== null ? (
        <li className="flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" />
          <span className="sr-only">Total time</span>
          {formatMinutes(minutes)}
        </li>
      ) : null}
      <li className="flex items-center gap-1">
        <Users className="size-4" aria-hidden="true" />
        {servingsPrefix}
        {recipe.servings} {recipe.servings === 1 ? "serving" : "servings"}
      </li>
      <li className="flex items-center gap-1">
        <Flame className="size-4" aria-hidden="true" />
        <span className="sr-only">Difficulty</span>
        {recipe.difficulty}
      </li>
      <li>
        <Badge variant="outline">{recipe.cuisineType}</Badge>
      </li>
    </ul>
  );
}
