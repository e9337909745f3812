import { useCallback, useMemo, useState } from "react";
import { Link } from "@tanstack/react-router";
import { BookOpen, Plus, Sparkles } from "lucide-react";
import { hasProAccess } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Skeleton } from "@kim/ui/skeleton";
import { EmptyState } from "../../components/empty-state";
import { LazyConfirmDeleteDialog, preloadConfirmDelete } from "../../components/lazy-confirm-delete-dialog";
import { SearchInput } from "../../components/search-input";
import { MemberNamesProvider } from "../households/member-name";
import { VirtualGrid, type GridColumns } from "../../components/virtual-grid";
import { useDeferredFirst } from "../../lib/deferred-first";
import { useCurrentUser } from "../../lib/current-user";
import { trpc } from "../../lib/trpc";
import { lazyDialog } from "../../lib/lazy-dialog";
import { RecipeCard } from "./recipe-card";
import type { RecipeSummary } from "./recipe-types";
import { useRecipeMutations } from "./use-recipe-mutations";
import { NeedsNetwork } from "../../components/needs-network";
import { LoadFailed } from "../../components/load-failed";
import { useOnline } from "../../lib/offline/network";

const GRID_COLUMNS: GridColumns = { base: 1, sm: 2, lg: 3 };
// A row before it is measured: a card without a photo (the placeholder band and about 190 px of text and buttons).
const CARD_HEIGHT_PX = 290;
const recipeKey = (recipe: RecipeSummary) => recipe.id;
// The dialogs, and the dialog library with them, load when first wanted rather than with the list; pointing at or
// focusing what opens one starts the download.
const loadExtractDialog = () => import("./ai-extract-dialog");
const AiExtractDialog = lazyDialog(
  () => loadExtractDialog().then((m) => m.AiExtractDialog),
  (props) => props.open,
);
const preloadExtractDialog = () => void loadExtractDialog();
const preloadCardDialogs = () => void preloadConfirmDelete();

export function RecipesPage() {
  const online = useOnline();
  const list = trpc.recipes.list.useQuery();
  // The first answer draws in a background render, as the shopping list's does: the cards at once were a long task.
  const recipes = useDeferredFirst(list.data, undefined);
  const user = useCurrentUser().data;
  const { remove } = useRecipeMutations();
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<RecipeSummary | null>(null);
  const [extracting, setExtracting] = useState(false);
  const query = search.trim().toLowerCase();

  // Lower-cased once per list, not once per keystroke; only the cards near the window are drawn, so filtering
  // in the same render as the keystroke stays instant with thousands of recipes.
  const searchable = useMemo(
    () => (recipes ?? []).map((recipe) => ({ recipe, text: `${recipe.title}\n${recipe.description ?? ""}`.toLowerCase() })),
    [recipes],
  );
  const filtered = useMemo(() => searchable.filter((e) => !query || e.text.includes(query)).map((e) => e.recipe), [searchable, query]);

  const renderCard = useCallback((recipe: RecipeSummary) => <RecipeCard recipe={recipe} onDelete={setDeleting} />, []);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Recipes</h1>
          <p className="mt-2 text-muted-foreground">Your recipe collection</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {user && hasProAccess(user) ? (
            <Button
              variant="outline"
              aria-haspopup="dialog"
              aria-expanded={extracting}
              disabled={!online}
              onClick={() => setExtracting(true)}
              onPointerEnter={preloadExtractDialog}
              onFocus={preloadExtractDialog}
            >
              <Sparkles aria-hidden="true" />
              AI Extract
            </Button>
          ) : null}
          <Button asChild className={user && hasProAccess(user) ? undefined : "col-span-2"}>
            <Link to="/recipes/new">
              <Plus aria-hidden="true" />
              Create Recipe
            </Link>
          </Button>
        </div>
        {user && hasProAccess(user) ? <NeedsNetwork what="importing recipes works" /> : null}
      </div>

      <SearchInput aria-label="Search recipes" placeholder="Search recipes..." value={search} onChange={(e) => setSearch(e.target.value)} />

      {/* A refetch that failed leaves what was read on screen, under the notice. */}
      {list.isError ? <LoadFailed what="your recipes" error={list.error} retry={() => void list.refetch()} /> : null}
      {recipes === undefined ? (
        list.isError ? null : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading recipes">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-96 rounded-xl" />
            ))}
          </div>
        )
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="No recipes found"
          hint={query ? "Try a different search" : "Start by creating your first recipe"}
        >
          {query ? null : (
            <Button asChild>
              <Link to="/recipes/new">
                <Plus aria-hidden="true" />
                Create Recipe
              </Link>
            </Button>
          )}
        </EmptyState>
      ) : (
        <MemberNamesProvider>
          <VirtualGrid
            items={filtered}
            getKey={recipeKey}
            renderItem={renderCard}
            estimateRowHeight={CARD_HEIGHT_PX}
            columns={GRID_COLUMNS}
            aria-label="Recipes"
            onIntent={preloadCardDialogs}
          />
        </MemberNamesProvider>
      )}

      <AiExtractDialog open={extracting} onOpenChange={setExtracting} />
      <LazyConfirmDeleteDialog
        item={deleting}
        title="Delete recipe?"
        describe={(r) => `${r.title} will be deleted; meals planned with it keep their place in the planner. This cannot be undone.`}
        pending={remove.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={(r) => remove.mutate({ id: r.id }, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
