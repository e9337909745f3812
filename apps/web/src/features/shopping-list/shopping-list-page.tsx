import { useEffect, useRef, useState } from "react";
import { CalendarPlus, PackageCheck, Plus, Scale, ScanBarcode, ShoppingCart, X } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { toast } from "@kim/ui/lib/use-toast";
import { Skeleton } from "@kim/ui/skeleton";
import { startOfWeek, unconvertedText } from "@kim/domain";
import { lazyDialog } from "../../lib/lazy-dialog";
import { useBarcodeProductLookup } from "../inventory/use-barcode-product-lookup";
import type { GenerateOutcome } from "./generate-dialog";
import { ShoppingItemGroups } from "./shopping-item-groups";
import { addItem, groupByCategory, removeItem, scanOutcome, scanProduct, setChecked, type ItemEntry } from "./shopping-items";
import { useShoppingList } from "./use-shopping-list";
import { NeedsNetwork } from "../../components/needs-network";
import { OfflineOutcomes } from "../../components/offline-outcomes";
import { LoadFailed } from "../../components/load-failed";
import { useOnline } from "../../lib/offline/network";
import { useToday } from "../../lib/use-today";
import { focusInPlace } from "../../lib/focus-in-place";

// The dialogs load when first wanted, not with the list, so the page draws sooner: the add form with zod, which checks
// it, the scanner, and all three with the dialog library. Pointing at or focusing what opens one starts its download.
const loadAddDialog = () => import("./add-item-dialog");
const AddItemDialog = lazyDialog(
  () => loadAddDialog().then((m) => m.AddItemDialog),
  (props) => props.open,
);
const loadGenerateDialog = () => import("./generate-dialog");
const GenerateDialog = lazyDialog(
  () => loadGenerateDialog().then((m) => m.GenerateDialog),
  (props) => props.open,
);
const loadScannerDialog = () => import("../barcode/barcode-scanner-dialog");
const BarcodeScannerDialog = lazyDialog(
  () => loadScannerDialog().then((m) => m.BarcodeScannerDialog),
  (props) => props.open,
);
// A scan with no product name opens the add form.
const preloadScanDialogs = () => void Promise.all([loadScannerDialog(), loadAddDialog()]);
const preloadGenerateDialog = () => void loadGenerateDialog();
const preloadAddDialog = () => void loadAddDialog();

// Failures are toasted by useShoppingList; a caller with nothing more to do lets them go.
const ignore = () => undefined;

interface ShoppingListPageProps {
  /** The Monday of the week to generate for, when the planner sent the cook here to generate it. */
  generateWeek?: string | undefined;
}

export function ShoppingListPage({ generateWeek }: ShoppingListPageProps) {
  const online = useOnline();
  const today = useToday();
  const { list, change } = useShoppingList();
  const lookUpProduct = useBarcodeProductLookup();
  const [adding, setAdding] = useState<{ open: boolean; description?: string }>({ open: false });
  const [generating, setGenerating] = useState(generateWeek !== undefined);
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<GenerateOutcome>({ excluded: [], unconverted: [] });
  const { excluded, unconverted } = outcome;
  const current = list.data?.[0];
  const items = current?.items ?? [];
  const checked = items.filter((item) => item.checked).length;

  // A removed row takes its button with it: focus goes to the remove button now in its place (or the last one).
  const groupsRef = useRef<HTMLDivElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const position = focusAfterRemove.current;
    if (position === null) return;
    focusAfterRemove.current = null;
    focusInPlace(groupsRef.current ?? document, position, addButtonRef.current);
  }, [current]);

  const onRemove = (entry: ItemEntry) => {
    const onScreen = groupByCategory(items).flatMap((group) => group.entries.map((e) => e.index));
    focusAfterRemove.current = onScreen.indexOf(entry.index);
    change(removeItem(entry)).catch(ignore);
  };

  const onScanItem = () => {
    if (!current) return toast({ title: "No shopping list", description: "Create a shopping list first", variant: "destructive" });
    setScanning(true);
  };

  const onScanned = async (code: string) => {
    setScanning(false);
    const { values: product, failed } = await lookUpProduct(code);
    // Not found, or the lookup failed (both toasted, and said again in the form): the cook can still type it in.
    if (failed)
      return setAdding({ open: true, description: `Barcode ${code} could not be looked up right now. Type the item in instead.` });
    if (!product.name) return setAdding({ open: true, description: `Barcode ${code} gave no product name. Type the item in instead.` });
    const outcome = scanOutcome(items, product.name);
    change(scanProduct(product)).then(
      () => toast({ title: outcome === "checked" ? "Item checked off!" : "Item added and checked!", description: product.name }),
      ignore,
    );
  };

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Shopping List</h1>
          <p className="mt-2 text-muted-foreground">Everything to buy, by store section</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            variant="outline"
            disabled={!online}
            onClick={onScanItem}
            onPointerEnter={preloadScanDialogs}
            onFocus={preloadScanDialogs}
          >
            <ScanBarcode aria-hidden="true" />
            Scan Item
          </Button>
          <Button
            variant="outline"
            className="col-span-2 row-start-2 sm:row-start-auto"
            disabled={!online}
            onClick={() => setGenerating(true)}
            onPointerEnter={preloadGenerateDialog}
            onFocus={preloadGenerateDialog}
          >
            <CalendarPlus aria-hidden="true" />
            Generate from Meal Plan
          </Button>
          <Button
            ref={addButtonRef}
            className="sm:ml-auto"
            onClick={() => setAdding({ open: true })}
            onPointerEnter={preloadAddDialog}
            onFocus={preloadAddDialog}
          >
            <Plus aria-hidden="true" />
            Add Item
          </Button>
        </div>
        <NeedsNetwork what="scanning and generating from the meal plan work" />
      </div>
      <OfflineOutcomes kind="list" />

      {excluded.length > 0 ? (
        <div role="status" className="flex items-start gap-3 rounded-lg border bg-muted/50 p-4 text-sm" data-testid="excluded-items">
          <PackageCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <p className="min-w-0 flex-1 break-words">
            <span className="font-medium">Already in stock, left off the list:</span> {excluded.join(", ")}
          </p>
          <Button
            variant="ghost"
            size="icon"
            className="-my-2 -mr-2 size-8"
            aria-label="Dismiss"
            onClick={() => setOutcome((o) => ({ ...o, excluded: [] }))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      {unconverted.length > 0 ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-4 text-sm dark:bg-amber-950/30"
          data-testid="unconverted-items"
        >
          <Scale className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
          <div className="min-w-0 flex-1 break-words">
            <p className="font-medium">Kept on the list: Kim couldn&apos;t compare these with your inventory</p>
            <ul className="mt-1 grid gap-0.5">
              {unconverted.map((u) => (
                <li key={`${u.name} ${u.unit}`}>
                  {u.name}: {unconvertedText(u)}
                </li>
              ))}
            </ul>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-my-2 -mr-2 size-8"
            aria-label="Dismiss"
            onClick={() => setOutcome((o) => ({ ...o, unconverted: [] }))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      {list.isPending ? (
        <Card className="gap-4 px-4 sm:px-6" aria-busy="true" aria-label="Loading shopping list">
          <Skeleton className="h-6 w-48" />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 rounded-lg" />
          ))}
        </Card>
      ) : list.isError && list.data === undefined ? (
        <LoadFailed what="your shopping list" error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Card className="gap-4 px-4 sm:px-6">
          {/* A refetch that failed (a live update's, on a bad line) leaves the list on screen, under the notice. */}
          {list.isError ? <LoadFailed what="your shopping list" error={list.error} retry={() => void list.refetch()} /> : null}
          {current ? (
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 className="min-w-0 text-xl font-semibold break-words">{current.name}</h2>
              <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="item-count">
                {checked} / {items.length} items
              </p>
            </div>
          ) : null}
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-4 py-8 text-center">
              <ShoppingCart className="size-12 text-muted-foreground" aria-hidden="true" />
              <div>
                <h2 className="text-lg font-semibold">Your shopping list is empty</h2>
                <p className="mt-1 text-muted-foreground">Add items one by one, or generate them from the meals you planned this week.</p>
              </div>
            </div>
          ) : (
            <div ref={groupsRef}>
              <ShoppingItemGroups
                items={items}
                onCheck={(entry, next) => void change(setChecked(entry, next)).catch(ignore)}
                onRemove={onRemove}
              />
            </div>
          )}
        </Card>
      )}

      <AddItemDialog
        open={adding.open}
        description={adding.description}
        onOpenChange={(open) => setAdding((a) => ({ ...a, open }))}
        onAdd={(item) => change(addItem(item))}
      />
      <GenerateDialog
        open={generating}
        onOpenChange={setGenerating}
        week={generateWeek ?? startOfWeek(today)}
        change={change}
        onGenerated={setOutcome}
      />
      <BarcodeScannerDialog title="Scan Item" open={scanning} onOpenChange={setScanning} onDetected={(code) => void onScanned(code)} />
    </div>
  );
}
