import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";

/** For a recipe id that is unknown, someone else's, or not an id at all. */
export function RecipeNotFound() {
  return (
    <Card className="mx-auto max-w-lg items-center px-6 py-12 text-center">
      <SearchX className="size-12 text-muted-foreground" aria-hidden="true" />
      <div>
        <h1 className="text-xl font-semibold">Recipe not found</h1>
        <p className="mt-1 text-muted-foreground">It may have been deleted, or the link is wrong.</p>
      </div>
      <Button asChild variant="outline">
        <Link to="/recipes">Back to Recipes</Link>
      </Button>
    </Card>
  );
}

/** While a recipe loads. */
export function RecipeLoading() {
  return (
    <p role="status" className="py-12 text-center text-muted-foreground">
      Loading recipe...
    </p>
  );
}
