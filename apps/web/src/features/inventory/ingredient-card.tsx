import { Pencil, Trash2 } from "lucide-react";
import { daysBetween, expiryBadge } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import type { Ingredient } from "./ingredient-form-values";

interface IngredientCardProps {
  ingredient: Ingredient;
  /** The user's local date, yyyy-MM-dd. */
  today: string;
  onEdit: (ingredient: Ingredient) => void;
  onDelete: (ingredient: Ingredient) => void;
}

export function IngredientCard({ ingredient, today, onEdit, onDelete }: IngredientCardProps) {
  const badge = expiryBadge(ingredient.expirationDate ? daysBetween(today, ingredient.expirationDate) : null);
  return (
    <Card data-testid="ingredient-card" className="gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold" title={ingredient.name}>
            {ingredient.name}
          </h2>
          <p className="text-sm text-muted-foreground">{ingredient.category}</p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button variant="ghost" size="icon" aria-label={`Edit ${ingredient.name}`} onClick={() => onEdit(ingredient)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${ingredient.name}`}
            className="text-destructive hover:text-destructive"
            onClick={() => onDelete(ingredient)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">
          {ingredient.quantity} {ingredient.unit}
        </span>
        <Badge variant={badge.variant} title={ingredient.expirationDate ? `Expires ${ingredient.expirationDate}` : undefined}>
          {badge.label}
        </Badge>
      </div>
      {ingredient.notes ? <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{ingredient.notes}</p> : null}
    </Card>
  );
}
