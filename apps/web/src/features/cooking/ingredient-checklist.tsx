import { useId } from "react";
import { countedName, formatAmount, ingredientNote, parseQuantity, scaleQuantity, type RecipeIngredient } from "@kim/domain";
import { Card, CardContent, CardHeader, CardTitle } from "@kim/ui/card";
import { Checkbox } from "@kim/ui/checkbox";
import { Label } from "@kim/ui/label";
import type { Recipe } from "../recipes/recipe-types";
import { ServingsStepper } from "./servings-stepper";

interface IngredientChecklistProps {
  recipe: Recipe;
  servings: number;
  onServingsChange: (servings: number) => void;
  checked: boolean[];
  onCheck: (index: number, checked: boolean) => void;
}

/**
 * The scaled amount with its unit, read before the name ("2 1/4 cups flour"; the name agrees with a count, "1 egg":
 * see countedName); a quantity in words that names no amount reads after it ("salt, to taste").
 */
function ingredientAmount(ingredient: RecipeIngredient, factor: number): { amount: string; words: string } {
  const text = formatAmount(scaleQuantity(ingredient.quantity, factor), ingredient.unit, { measuring: true });
  const named = typeof ingredient.quantity === "number" || parseQuantity(ingredient.quantity) !== null;
  return named ? { amount: text, words: "" } : { amount: "", words: text };
}

export function IngredientChecklist({ recipe, servings, onServingsChange, checked, onCheck }: IngredientChecklistProps) {
  const headingId = useId();
  const factor = servings / recipe.servings;
  const done = checked.filter(Boolean).length;
  return (
    <Card className="gap-4" role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>
            <h2 id={headingId}>Ingredients</h2>
          </CardTitle>
          <p className="mt-1.5 text-sm text-muted-foreground">
            {done} of {recipe.ingredients.length} checked
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${headingId}-servings`}>Servings</Label>
          <ServingsStepper id={`${headingId}-servings`} servings={servings} onChange={onServingsChange} />
        </div>
      </CardHeader>
      <CardContent>
        {servings !== recipe.servings ? (
          <p className="mb-3 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            Scaled from {recipe.servings} {recipe.servings === 1 ? "serving" : "servings"}.
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => {
                onServingsChange(recipe.servings);
                // This button goes with the scaling it undoes; the focus goes to the servings it set.
                document.getElementById(`${headingId}-servings`)?.focus();
              }}
            >
              Reset to {recipe.servings}
            </button>
          </p>
        ) : null}
        <ul className="grid gap-1">
          {recipe.ingredients.map((ingredient, i) => {
            const { amount, words } = ingredientAmount(ingredient, factor);
            const note = ingredientNote(ingredient, { scaled: factor !== 1 });
            return (
              <li key={i}>
                <label className="flex cursor-pointer items-start gap-3 rounded-md px-2 py-1.5 hover:bg-accent/60">
                  <Checkbox className="mt-0.5" checked={checked[i] ?? false} onChange={(e) => onCheck(i, e.target.checked)} />
                  <span className={checked[i] ? "break-words text-muted-foreground line-through" : "break-words"}>
                    {amount ? <span className="font-medium">{amount} </span> : null}
                    {amount ? countedName(ingredient.name, amount) : ingredient.name}
                    {note ? <span className="text-muted-foreground">{note}</span> : null}
                    {words ? `, ${words}` : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
