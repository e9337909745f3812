import { Link } from "@tanstack/react-router";
import { ChefHat, Sparkles, Trash2 } from "lucide-react";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { RecipeFacts } from "./recipe-facts";
import { hasPhoto, PhotoPlaceholder, RecipePhoto } from "./recipe-photo";
import type { RecipeSummary } from "./recipe-types";
import { MemberName } from "../households/member-name";

interface RecipeCardProps {
  recipe: RecipeSummary;
  onDelete: (recipe: RecipeSummary) => void;
}

export function RecipeCard({ recipe, onDelete }: RecipeCardProps) {
  return (
    <Card data-recipe-card className="h-full gap-0 overflow-hidden p-0">
      <RecipeImage recipe={recipe} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 min-w-0 font-semibold break-words">
            {/* The title is the card's link to the recipe: one tab stop, and the card's name to assistive technology. */}
            <Link to="/recipes/$id" params={{ id: recipe.id }} className="hover:underline focus-visible:underline">
              {recipe.title}
            </Link>
          </h2>
          {recipe.isAiExtracted ? (
            <Badge variant="secondary" className="shrink-0" title="Imported with AI extraction">
              <Sparkles className="size-3" aria-hidden="true" />
              AI
            </Badge>
          ) : null}
        </div>
        <MemberName id={recipe.createdBy} verb="Added by" />
        {recipe.description ? <p className="line-clamp-2 text-sm break-words text-muted-foreground">{recipe.description}</p> : null}
        <RecipeFacts recipe={recipe} className="mt-auto" />
        <div className="flex items-center gap-2">
          <Button asChild className="flex-1">
            <Link to="/cooking/$id" params={{ id: recipe.id }} aria-label={`Cook This: ${recipe.title}`}>
              <ChefHat aria-hidden="true" />
              Cook This
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            data-remove-item
            aria-label={`Delete ${recipe.title}`}
            className="text-destructive hover:text-destructive"
            onClick={() => onDelete(recipe)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The recipe's photo; without one, a slim band keeps the card's text near the top. */
function RecipeImage({ recipe }: { recipe: RecipeSummary }) {
  if (!hasPhoto(recipe)) {
    return (
      <div className="flex h-24 items-center justify-center bg-muted">
        <PhotoPlaceholder />
      </div>
    );
  }
  return <RecipePhoto recipe={recipe} lazy />;
}
