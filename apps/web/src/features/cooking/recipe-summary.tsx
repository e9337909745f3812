import { Link } from "@tanstack/react-router";
import { ArrowLeft, Pencil } from "lucide-react";
import { Button } from "@kim/ui/button";
import { RecipeFacts } from "../recipes/recipe-facts";
import { hasPhoto, RecipePhoto } from "../recipes/recipe-photo";
import type { Recipe } from "../recipes/recipe-types";

export function RecipeSummary({ recipe }: { recipe: Recipe }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/recipes">
            <ArrowLeft aria-hidden="true" />
            Back to Recipes
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to="/recipes/$id" params={{ id: recipe.id }}>
            <Pencil aria-hidden="true" />
            Edit Recipe
          </Link>
        </Button>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-primary">Cooking Mode</p>
          <h1 className="text-3xl font-bold tracking-tight break-words">{recipe.title}</h1>
          {recipe.description ? <p className="mt-2 break-words whitespace-pre-line text-muted-foreground">{recipe.description}</p> : null}
          <RecipeFacts recipe={recipe} servingsPrefix="Makes " className="mt-3" />
        </div>
        {hasPhoto(recipe) ? <RecipePhoto recipe={recipe} className="w-full rounded-xl sm:w-56 sm:shrink-0 lg:w-72" /> : null}
      </div>
    </div>
  );
}
