import { useId, useState } from "react";
import { Link } from "@tanstack/react-router";
import { CalendarX2, Sparkles } from "lucide-react";
import { hasProAccess, localDate, mergeIntoList, startOfWeek, weekLabel } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { toast } from "@kim/ui/lib/use-toast";
import { Switch } from "@kim/ui/switch";
import { useCurrentUser } from "../../lib/current-user";
import type { ItemsChange } from "./shopping-items";
import { useGenerateShoppingList } from "./use-shopping-list";

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

interface GenerateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  change: (change: ItemsChange) => Promise<unknown>;
  /** The names smart mode left off the list, to show once the dialog has closed. */
  onExcluded: (names: string[]) => void;
}

/** Generate from Meal Plan: this week's planned meals merged into the list; smart mode (Pro) leaves out what is in stock. */
export function GenerateDialog({ open, onOpenChange, change, onExcluded }: GenerateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted per opening: smart mode starts on, and an old "nothing planned" is gone. */}
        {open ? <GenerateForm change={change} onExcluded={onExcluded} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GenerateForm({ change, onExcluded, onDone }: Pick<GenerateDialogProps, "change" | "onExcluded"> & { onDone: () => void }) {
  const switchId = useId();
  const user = useCurrentUser().data;
  const pro = !!user && hasProAccess(user);
  const [smart, setSmart] = useState(true);
  const [saving, setSaving] = useState(false);
  const [nothingPlanned, setNothingPlanned] = useState(false);
  const generate = useGenerateShoppingList();
  // The cook's own week, in their time zone: the server reads the same one from `today`.
  const today = localDate();
  const pending = generate.isPending || saving;

  const run = async () => {
    const smartMode = pro && smart;
    setNothingPlanned(false);
    const result = await generate.mutateAsync({ smartMode, today }).catch(() => null);
    if (!result) return;
    if (result.items.length === 0 && result.excludedItems.length === 0) return setNothingPlanned(true);
    setSaving(true);
    const saved = await change((list) => mergeIntoList(list, result.items)).then(
      () => true,
      () => false,
    );
    setSaving(false);
    if (!saved) return;
    const added = result.items.length;
    toast(
      smartMode
        ? {
            title: "Smart shopping list generated!",
            description: `Added ${items(added)}, excluded ${items(result.excludedItems.length)} already in stock.`,
          }
        : { title: "Shopping list generated!", description: `Added ${items(added)} from your meal plan.` },
    );
    onExcluded(result.excludedItems.map((item) => item.name));
    onDone();
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Generate from Meal Plan</DialogTitle>
        <DialogDescription>
          Adds the ingredients of the meals planned for the {weekLabel(startOfWeek(today)).replace(/^Week/, "week")} to your list.
        </DialogDescription>
      </DialogHeader>

      {pro ? (
        <div className="flex items-start justify-between gap-4 rounded-md border p-4">
          <div className="grid gap-1">
            <label htmlFor={switchId} className="text-sm font-medium">
              Smart Mode
            </label>
            <p id={`${switchId}-hint`} className="text-sm text-muted-foreground">
              Leaves out what your inventory already has.
            </p>
          </div>
          <Switch id={switchId} aria-describedby={`${switchId}-hint`} checked={smart} onChange={(e) => setSmart(e.target.checked)} />
        </div>
      ) : (
        <div className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm" data-testid="smart-mode-upgrade">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <p>
            <span className="font-medium">Smart Mode is a Pro feature.</span>{" "}
            <span className="text-muted-foreground">It leaves out what your inventory already has.</span>{" "}
            <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
              Upgrade to Pro
            </Link>
          </p>
        </div>
      )}

      {nothingPlanned ? (
        <div role="status" className="flex items-start gap-3 rounded-md bg-muted p-4 text-sm">
          <CalendarX2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p>
            <span className="font-medium">No meals with ingredients are planned this week.</span>{" "}
            <Link to="/meal-planner" className="font-medium text-primary underline-offset-4 hover:underline">
              Plan meals
            </Link>{" "}
            first, then generate your list.
          </p>
        </div>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void run()} disabled={pending}>
          {pending ? "Generating..." : "Generate"}
        </Button>
      </DialogFooter>
    </>
  );
}
