import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";

/** The recipe form pages' heading, with the way back to the recipes and room for an action beside it. */
export function RecipeFormHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <Link to="/recipes" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Recipes
        </Link>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
      </div>
      {children}
    </div>
  );
}
