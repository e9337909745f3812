import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { Check } from "lucide-react";
import { cn } from "@kim/ui/lib/utils";
import { SearchInput } from "../../components/search-input";
import type { RecipeSummary } from "../recipes/recipe-types";

/** Options drawn at once: plenty to scroll through, while 2,000 recipes never become 2,000 nodes. */
export const SHOWN_OPTIONS = 50;

interface RecipePickerProps {
  /** The search input's id, for its label. */
  id: string;
  recipes: readonly RecipeSummary[];
  /** The chosen recipe's id. */
  value: string | null;
  onChange: (recipeId: string) => void;
  invalid?: boolean;
  /** Ids of what else describes the input (an error). */
  describedBy?: string;
}

/**
 * A searchable recipe select: a combobox whose list stays open below it (ARIA 1.2 list autocomplete). Typing filters
 * the titles, the arrow keys move through the options and Enter chooses one; a second Enter submits the form.
 */
export function RecipePicker({ id, recipes, value, onChange, invalid, describedBy }: RecipePickerProps) {
  const listId = useId();
  const statusId = `${listId}-status`;
  const optionId = (recipe: RecipeSummary) => `${listId}-${recipe.id}`;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);

  // Lower-cased once per list, not once per keystroke.
  const searchable = useMemo(() => recipes.map((recipe) => ({ recipe, title: recipe.title.toLowerCase() })), [recipes]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return recipes;
    const words = q.split(/\s+/);
    const hits = searchable.filter((e) => words.every((word) => e.title.includes(word)));
    // Titles that start with what was typed come first; otherwise the list's order (newest first) stays.
    return [...hits.filter((e) => e.title.startsWith(q)), ...hits.filter((e) => !e.title.startsWith(q))].map((e) => e.recipe);
  }, [searchable, recipes, query]);
  const shown = matches.slice(0, SHOWN_OPTIONS);
  const activeIndex = Math.min(active, shown.length - 1);
  const activeRecipe = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const chosen = useMemo(() => recipes.find((r) => r.id === value), [recipes, value]);

  const activeOptionId = activeRecipe ? optionId(activeRecipe) : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: "nearest" });
  }, [activeOptionId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive(Math.max(0, Math.min(shown.length - 1, activeIndex + step)));
    } else if (event.key === "Enter" && activeRecipe && activeRecipe.id !== value) {
      event.preventDefault();
      onChange(activeRecipe.id);
    }
  };

  const typed = query.trim();
  const status =
    matches.length > shown.length
      ? `Showing ${shown.length} of ${matches.length.toLocaleString("en-US")} recipes: type to narrow the list.`
      : typed && matches.length === 0
        ? `No recipes match "${typed}".`
        : typed
          ? `${matches.length} ${matches.length === 1 ? "recipe matches" : "recipes match"}.`
          : "";

  return (
    <div className="grid gap-2">
      <SearchInput
        type="text"
        id={id}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOptionId}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[statusId, describedBy].filter(Boolean).join(" ")}
        autoComplete="off"
        placeholder="Search recipes..."
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Recipes"
        hidden={shown.length === 0}
        className="max-h-56 overflow-y-auto rounded-md border p-1"
      >
        {shown.map((recipe, i) => (
          <li
            key={recipe.id}
            id={optionId(recipe)}
            role="option"
            aria-selected={recipe.id === value}
            className={cn(
              "flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm",
              i === activeIndex ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
            )}
            // The input keeps the focus, so typing and the arrow keys go on working after a click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setActive(i);
              onChange(recipe.id);
            }}
          >
            <Check className={cn("mt-0.5 size-4 shrink-0 text-primary", recipe.id !== value && "invisible")} aria-hidden="true" />
            <span className="min-w-0 break-words">{recipe.title}</span>
          </li>
        ))}
      </ul>
      <p id={statusId} role="status" className="text-xs text-muted-foreground">
        {status}
      </p>
      {chosen ? (
        <p className="text-sm break-words">
          Chosen: <span className="font-medium">{chosen.title}</span>
        </p>
      ) : null}
    </div>
  );
}
