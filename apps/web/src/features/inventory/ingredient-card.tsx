import { memo } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { daysBetween, expiryBadge, formatAmount } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { formatCalendarDate } from "../../lib/dates";
import type { Ingredient } from "./ingredient-form-values";
import { MemberName } from "../households/member-name";

interface IngredientCardProps {
  ingredient: Ingredient;
  /** The user's local date, yyyy-MM-dd. */
  today: string;
  onEdit: (ingredient: Ingredient) => void;
  onDelete: (ingredient: Ingredient) => void;
}

/** Memoised: a list that is filtered or grows re-renders only the cards that change. */
export const IngredientCard = memo(function IngredientCard({ ingredient, today, onEdit, onDelete }: IngredientCardProps) {
  const days = ingredient.expirationDate ? daysBetween(today, ingredient.expirationDate) : null;
  const badge = expiryBadge(days);
  return (
    <Card data-testid="ingredient-card" className="gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold" title={ingredient.name}>
            {ingredient.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {ingredient.category} <MemberName id={ingredient.updatedBy} />
          </p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button variant="ghost" size="icon" aria-label={`Edit ${ingredient.name}`} onClick={() => onEdit(ingredient)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            data-remove-item
            aria-label={`Delete ${ingredient.name}`}
            className="text-destructive hover:text-destructive"
            onClick={() => onDelete(ingredient)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{formatAmount(ingredient.quantity, ingredient.unit)}</span>
        <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
          {/* The badge counts days; the date itself, in the cook's own format, says which day that is. */}
          {ingredient.expirationDate && days !== null ? (
            <time dateTime={ingredient.expirationDate} data-testid="expiry-date" className="text-sm text-muted-foreground">
              {days < 0 ? "Expired" : "Expires"} {formatCalendarDate(ingredient.expirationDate)}
            </time>
          ) : null}
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
      </div>
      {ingredient.notes ? <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{ingredient.notes}</p> : null}
    </Card>
  );
});
