import { memo, useCallback, useMemo, useRef, useState } from "react";
import { PackageOpen, Plus, ScanBarcode } from "lucide-react";
import { CATEGORIES, matchesStockFilter, type IngredientInput, type StockFilter } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { NativeSelect } from "@kim/ui/native-select";
import { Skeleton } from "@kim/ui/skeleton";
import { EmptyState } from "../../components/empty-state";
import { LazyConfirmDeleteDialog, preloadConfirmDelete } from "../../components/lazy-confirm-delete-dialog";
import { OfflineOutcomes } from "../../components/offline-outcomes";
import { SearchInput } from "../../components/search-input";
import { MemberNamesProvider } from "../households/member-name";
import { VirtualGrid, type GridColumns } from "../../components/virtual-grid";
import { useDeferredFirst } from "../../lib/deferred-first";
import { lazyDialog } from "../../lib/lazy-dialog";
import { IngredientCard } from "./ingredient-card";
import { StockFilterNotice } from "./stock-filter";
import { EMPTY_INGREDIENT_FORM, formValuesFromIngredient, type Ingredient, type IngredientFormValues } from "./ingredient-form-values";
import { useBarcodeProductLookup } from "./use-barcode-product-lookup";
import { useIngredientMutations, useInventoryList } from "./use-ingredient-mutations";
import { NeedsNetwork } from "../../components/needs-network";
import { LoadFailed } from "../../components/load-failed";
import { useOnline } from "../../lib/offline/network";
import { useToday } from "../../lib/use-today";

const ALL_CATEGORIES = "all";

// The dialogs load when first wanted, not with the list, so the page paints sooner: the form with zod, which checks it,
// and all three with the dialog library. Pointing at or focusing what opens one starts its download.
const loadFormDialog = () => import("./ingredient-form-dialog");
const IngredientFormDialog = lazyDialog(
  () => loadFormDialog().then((m) => m.IngredientFormDialog),
  (props) => props.open,
);
const loadScannerDialog = () => import("../barcode/barcode-scanner-dialog");
const BarcodeScannerDialog = lazyDialog(
  () => loadScannerDialog().then((m) => m.BarcodeScannerDialog),
  (props) => props.open,
);
const preloadAddDialogs = () => void loadFormDialog();
const preloadScanDialogs = () => void Promise.all([loadScannerDialog(), loadFormDialog()]);
const preloadCardDialogs = () => void Promise.all([loadFormDialog(), preloadConfirmDelete()]);
// The breakpoints of the grid before it was virtualised: grid-cols-1 sm:grid-cols-2 lg:grid-cols-3.
const GRID_COLUMNS: GridColumns = { base: 1, sm: 2, lg: 3 };
// A row before it is measured: between a card without notes (114) and one with a line of notes (146).
const CARD_HEIGHT_PX = 130;
const ingredientKey = (ingredient: Ingredient) => ingredient.id;

type FormState =
  { open: false } | { open: true; mode: "add"; values: IngredientFormValues } | { open: true; mode: "edit"; ingredient: Ingredient };

/** `filter`: from the address, set by a dashboard card. */
export function InventoryPage({ filter }: { filter?: StockFilter | undefined }) {
  const list = useInventoryList();
  // The first answer draws in a background render, as the shopping list's does: the cards at once were a long task.
  const items = useDeferredFirst(list.data, undefined);
  const { create, update, remove } = useIngredientMutations();
  const lookUpProduct = useBarcodeProductLookup();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [form, setForm] = useState<FormState>({ open: false });
  const [scannerOpen, setScannerOpen] = useState(false);
  // The code whose product is being looked up, and which lookup the cook still waits for: opening something else or
  // Cancel lets it go, so its form never opens on its own over what they turned to.
  const [lookingUp, setLookingUp] = useState<string | null>(null);
  const lookup = useRef(0);
  const letLookupGo = useCallback(() => {
    lookup.current++;
    setLookingUp(null);
  }, []);
  const [deleting, setDeleting] = useState<Ingredient | null>(null);
  // Filtered as typed, in the same render: only the cards near the window are drawn, so there is nothing to defer
  // (deferring costs an extra render and paint before the list changes).
  const query = search.trim().toLowerCase();
  const today = useToday();

  // Lower-cased once per list, not once per keystroke.
  const searchable = useMemo(() => (items ?? []).map((ingredient) => ({ ingredient, name: ingredient.name.toLowerCase() })), [items]);
  const filtered = useMemo(
    () =>
      searchable
        .filter(
          (e) =>
            (category === ALL_CATEGORIES || e.ingredient.category === category) &&
            (!query || e.name.includes(query)) &&
            (!filter || matchesStockFilter(e.ingredient, filter, today)),
        )
        .map((e) => e.ingredient),
    [searchable, category, query, filter, today],
  );
  const filtering = query !== "" || category !== ALL_CATEGORIES || filter !== undefined;

  const save = (input: IngredientInput) => {
    const close = () => setForm({ open: false });
    if (form.open && form.mode === "edit") return update.mutateAsync({ id: form.ingredient.id, data: input }).then(close);
    return create.mutateAsync(input).then(close);
  };

  const edit = useCallback(
    (ingredient: Ingredient) => {
      letLookupGo();
      setForm({ open: true, mode: "edit", ingredient });
    },
    [letLookupGo],
  );
  const add = useCallback(() => {
    letLookupGo();
    setForm({ open: true, mode: "add", values: EMPTY_INGREDIENT_FORM });
  }, [letLookupGo]);
  const openScanner = useCallback(() => {
    letLookupGo();
    setScannerOpen(true);
  }, [letLookupGo]);
  const renderCard = useCallback(
    (ingredient: Ingredient) => <IngredientCard ingredient={ingredient} today={today} onEdit={edit} onDelete={setDeleting} />,
    [today, edit],
  );

  const onScanned = async (code: string) => {
    setScannerOpen(false);
    const ticket = ++lookup.current;
    setLookingUp(code);
    const wanted = () => lookup.current === ticket;
    const { values } = await lookUpProduct(code, wanted);
    if (!wanted()) return;
    setLookingUp(null);
    setForm({ open: true, mode: "add", values });
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <InventoryHeader onScan={openScanner} onAdd={add} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          className="flex-1"
          aria-label="Search ingredients"
          placeholder="Search ingredients..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <CategoryFilter value={category} onChange={setCategory} />
      </div>
      {lookingUp ? (
        <p role="status" className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
          Looking up {lookingUp}…
          <Button variant="link" size="sm" className="h-auto p-0" onClick={letLookupGo}>
            Cancel
          </Button>
        </p>
      ) : null}
      {filter ? <StockFilterNotice filter={filter} /> : null}
      <OfflineOutcomes kind="inventory" />

      {/* A refetch that failed (a live update's, on a bad line) leaves what was read on screen, under the notice. */}
      {list.isError ? <LoadFailed what="your ingredients" error={list.error} retry={() => void list.refetch()} /> : null}
      {items === undefined ? (
        list.isError ? null : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading ingredients">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-32 rounded-xl" />
            ))}
          </div>
        )
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="No ingredients found"
          hint={filtering ? "Try adjusting your filters" : "Start by adding your first ingredient"}
        />
      ) : (
        <MemberNamesProvider>
          <VirtualGrid
            items={filtered}
            getKey={ingredientKey}
            renderItem={renderCard}
            estimateRowHeight={CARD_HEIGHT_PX}
            columns={GRID_COLUMNS}
            aria-label="Ingredients"
            onIntent={preloadCardDialogs}
          />
        </MemberNamesProvider>
      )}

      <IngredientFormDialog
        open={form.open}
        onOpenChange={(open) => !open && setForm({ open: false })}
        mode={form.open ? form.mode : "add"}
        initialValues={form.open ? (form.mode === "edit" ? formValuesFromIngredient(form.ingredient) : form.values) : EMPTY_INGREDIENT_FORM}
        pending={create.isPending || update.isPending}
        onSubmit={save}
      />
      <BarcodeScannerDialog open={scannerOpen} onOpenChange={setScannerOpen} onDetected={(code) => void onScanned(code)} />
      <LazyConfirmDeleteDialog
        item={deleting}
        title="Delete ingredient?"
        describe={(i) => `${i.name} will be removed from your inventory. This cannot be undone.`}
        pending={remove.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={(i) => remove.mutate({ id: i.id }, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}

// The parts a keystroke in the search box leaves as they are, memoised so typing re-renders only the list.

const InventoryHeader = memo(function InventoryHeader({ onScan, onAdd }: { onScan: () => void; onAdd: () => void }) {
  const online = useOnline();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Inventory</h1>
        <p className="mt-2 text-muted-foreground">Track your ingredients and their expiration dates</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="outline" disabled={!online} onClick={onScan} onPointerEnter={preloadScanDialogs} onFocus={preloadScanDialogs}>
          <ScanBarcode aria-hidden="true" />
          Scan Barcode
        </Button>
        <Button onClick={onAdd} onPointerEnter={preloadAddDialogs} onFocus={preloadAddDialogs}>
          <Plus aria-hidden="true" />
          Add Ingredient
        </Button>
      </div>
      <NeedsNetwork what="barcode lookups work" />
    </div>
  );
});

const CategoryFilter = memo(function CategoryFilter({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  return (
    <NativeSelect aria-label="Filter by category" className="sm:w-48" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value={ALL_CATEGORIES}>All Categories</option>
      {CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </NativeSelect>
  );
});
