import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ArrowLeft, Check, ChevronRight, LoaderCircle, Sparkles, TriangleAlert } from "lucide-react";
import { formatMinutes, recipesLeftOut, totalTime } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { savableImport, webAddress, type ImportedRecipe } from "./recipe-import";
import { useImportRecipes } from "./use-recipe-mutations";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A row's short summary: how many ingredients, and the total time when the page gave one. */
function summary(recipe: ImportedRecipe): string {
  const minutes = totalTime(recipe.prepTime, recipe.cookTime);
  const ingredients = recipe.ingredients.length === 0 ? "No ingredients" : plural(recipe.ingredients.length, "ingredient", "ingredients");
  return minutes === null ? ingredients : `${ingredients} · ${formatMinutes(minutes)}`;
}

const steps = (recipe: ImportedRecipe) =>
  recipe.instructions
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** A line the cook should read before importing, with a warning sign. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-500" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

interface ExtractedRecipesProps {
  recipes: ImportedRecipe[];
  /** Recipes the import found but left out past its ingredient lines. */
  leftOut: number;
  /** The PDF they were read from; without it, they came from the web page their `sourceUrl` names. */
  fileName?: string;
  /** Opens the recipe form prefilled with one recipe, for the cook to check and save. */
  onReview: (recipe: ImportedRecipe) => void;
  onStartOver: () => void;
  /** After Import All saved them. */
  onImported: () => void;
}

/** Several recipes from one import: a list to pick from, each with a detail view, and Import All. */
export function ExtractedRecipes({ recipes, leftOut, fileName, onReview, onStartOver, onImported }: ExtractedRecipesProps) {
  const [opened, setOpened] = useState<number | null>(null);
  // The row to put focus back on when the cook comes back from a recipe's details.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const [imported, setImported] = useState<ReadonlySet<number>>(new Set());
  const importAll = useImportRecipes<number>();

  const host = webAddress(recipes[0]?.sourceUrl ?? "")?.hostname;
  const foundIn = fileName ? ` in ${fileName}` : host ? ` on ${host}` : "";
  const savable = recipes.map(savableImport);
  const toSave = savable.flatMap((input, key) => (input && !imported.has(key) ? [{ key, input }] : []));
  const incomplete = savable.filter((input) => input === null).length;
  const remaining = recipes.length - imported.size;

  const saveAll = () =>
    importAll.mutate({ recipes: toSave, onSaved: (key) => setImported((done) => new Set(done).add(key)) }, { onSuccess: onImported });

  const openedRecipe = opened === null ? undefined : recipes[opened];
  if (openedRecipe) {
    return (
      <RecipeDetails
        recipe={openedRecipe}
        source={fileName ? "PDF" : "page"}
        onBack={() => {
          setReturnTo(opened);
          setOpened(null);
        }}
        onReview={() => onReview(openedRecipe)}
      />
    );
  }

  const pending = importAll.isPending;
  return (
    <>
      <DialogHeader>
        <DialogTitle>AI Extract</DialogTitle>
        <DialogDescription>
          {plural(recipes.length, "recipe", "recipes")} found{foundIn}. Open one to check it before importing, or import them all.
        </DialogDescription>
      </DialogHeader>
      <RecipeList recipes={recipes} imported={imported} incomplete={savable.map((s) => s === null)} focus={returnTo} onOpen={setOpened} />
      {leftOut > 0 ? <Notice>{recipesLeftOut(leftOut)}</Notice> : null}
      {incomplete > 0 ? (
        <Notice>
          {incomplete === 1 ? "One recipe lacks" : `${incomplete} recipes lack`} ingredients or steps: open{" "}
          {incomplete === 1 ? "it" : "them"} to complete {incomplete === 1 ? "it" : "them"} in the recipe form.
        </Notice>
      ) : null}
      <DialogFooter className="sm:justify-between">
        <Button variant="outline" onClick={onStartOver} disabled={pending}>
          <ArrowLeft aria-hidden="true" />
          Start Over
        </Button>
        {toSave.length > 0 ? (
          <Button onClick={saveAll} disabled={pending}>
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {pending ? "Importing…" : toSave.length === remaining ? `Import All (${toSave.length})` : `Import ${toSave.length} Complete`}
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

interface RecipeListProps {
  recipes: ImportedRecipe[];
  imported: ReadonlySet<number>;
  incomplete: boolean[];
  /** A row to focus when the list appears (back from its details); else the list's heading takes focus. */
  focus: number | null;
  onOpen: (index: number) => void;
}

function RecipeList({ recipes, imported, incomplete, focus, onOpen }: RecipeListProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = focus === null ? null : list.current?.querySelectorAll<HTMLButtonElement>("button")[focus];
    (row ?? heading.current)?.focus();
  }, [focus]);

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-medium outline-none">
        Recipes found
      </h3>
      {/* Spec: the list scrolls at 24rem. */}
      <ul ref={list} className="max-h-96 divide-y overflow-y-auto rounded-md border">
        {recipes.map((recipe, index) => (
          <li key={index}>
            <button
              type="button"
              className="flex w-full items-center gap-3 px-3 py-2.5 text-left transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
              onClick={() => onOpen(index)}
            >
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium break-words">{recipe.title}</span>
                <span className="text-sm text-muted-foreground">{summary(recipe)}</span>
              </span>
              <span className="flex shrink-0 flex-wrap justify-end gap-1">
                {recipe.isAiExtracted ? (
                  <Badge variant="secondary" title="Read by AI">
                    <Sparkles aria-hidden="true" />
                    AI
                  </Badge>
                ) : null}
                {imported.has(index) ? (
                  <Badge variant="outline">
                    <Check aria-hidden="true" />
                    Imported
                  </Badge>
                ) : incomplete[index] ? (
                  <Badge variant="outline">Needs review</Badge>
                ) : null}
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface RecipeDetailsProps {
  recipe: ImportedRecipe;
  source: "page" | "PDF";
  onBack: () => void;
  onReview: () => void;
}

/** One found recipe as the page (or PDF) gave it: its ingredient lines as printed (and how Kim read them), and its steps. */
function RecipeDetails({ recipe, source, onBack, onReview }: RecipeDetailsProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const lines = steps(recipe);

  return (
    <>
      <DialogHeader>
        <DialogTitle>AI Extract</DialogTitle>
        <DialogDescription>Check what was read from the {source}; Import This Recipe opens it in the recipe form.</DialogDescription>
      </DialogHeader>
      <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
        <div className="grid gap-1">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold break-words outline-none">
            {recipe.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {summary(recipe)} · {plural(recipe.servings, "serving", "servings")}
          </p>
        </div>
        {/* Focusable, so the keyboard can scroll a long recipe. */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Ingredients and steps"
          className="grid max-h-96 gap-4 overflow-y-auto rounded-md border p-4 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {recipe.description ? <p className="break-words text-muted-foreground">{recipe.description}</p> : null}
          <div className="grid gap-2">
            <h4 className="font-medium">Ingredients</h4>
            {recipe.ingredients.length === 0 ? (
              <p className="text-muted-foreground">None found: add them in the recipe form.</p>
            ) : (
              <ul className="grid gap-1.5">
                {recipe.ingredients.map((ingredient, index) => {
                  const reading = [ingredient.quantity, ingredient.unit, ingredient.name].filter((part) => part !== "").join(" ");
                  return (
                    <li key={index} className="grid break-words">
                      <span>{ingredient.original ?? reading}</span>
                      {ingredient.original && ingredient.original !== reading ? (
                        <span className="text-xs text-muted-foreground">Read as: {reading}</span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="grid gap-2">
            <h4 className="font-medium">Steps</h4>
            {lines.length === 0 ? (
              <p className="text-muted-foreground">None found: add them in the recipe form.</p>
            ) : (
              <ol className="grid list-decimal gap-1.5 pl-5">
                {lines.map((line, index) => (
                  <li key={index} className="break-words">
                    {line}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      </section>
      <DialogFooter className="sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button onClick={onReview}>Import This Recipe</Button>
      </DialogFooter>
    </>
  );
}
