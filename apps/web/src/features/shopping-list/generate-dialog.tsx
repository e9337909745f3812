import { useId, useState } from "react";
import { Link } from "@tanstack/react-router";
import { CalendarX2, Sparkles } from "lucide-react";
import { hasProAccess, localDate, replacePlanItems, weekOf, type Unconverted } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { Input } from "@kim/ui/input";
import { Label } from "@kim/ui/label";
import { toast } from "@kim/ui/lib/use-toast";
import { Switch } from "@kim/ui/switch";
import { useCurrentUser } from "../../lib/current-user";
import { generateRangeError, type ItemsChange } from "./shopping-items";
import { useGenerateShoppingList } from "./use-shopping-list";

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** What smart mode left off the list, and kept on it for want of a conversion, to show once the dialog has closed. */
export interface GenerateOutcome {
  excluded: string[];
  unconverted: Unconverted[];
}

interface GenerateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Monday of the week the range starts as: the one the planner showed, or the cook's current week. */
  week: string;
  change: (change: ItemsChange) => Promise<unknown>;
  onGenerated: (outcome: GenerateOutcome) => void;
}

/**
 * Generate from Meal Plan: the meals planned for a range of days (the week given, or any other) put into the list,
 * replacing what an earlier generation for those days put there; smart mode (Pro) leaves out what is in stock.
 */
export function GenerateDialog({ open, onOpenChange, week, change, onGenerated }: GenerateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted per opening: smart mode starts on, the range is the week given, and an old "nothing planned" is gone. */}
        {open ? <GenerateForm week={week} change={change} onGenerated={onGenerated} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GenerateForm({
  week,
  change,
  onGenerated,
  onDone,
}: Pick<GenerateDialogProps, "week" | "change" | "onGenerated"> & { onDone: () => void }) {
  const switchId = useId();
  const rangeId = useId();
  const user = useCurrentUser().data;
  const pro = !!user && hasProAccess(user);
  const [smart, setSmart] = useState(true);
  const [range, setRange] = useState(() => weekOf(week));
  const [saving, setSaving] = useState(false);
  const [nothingPlanned, setNothingPlanned] = useState(false);
  const generate = useGenerateShoppingList();
  const pending = generate.isPending || saving;
  const invalid = generateRangeError(range.from, range.to);

  const run = async () => {
    if (invalid) return;
    const smartMode = pro && smart;
    setNothingPlanned(false);
    const result = await generate.mutateAsync({ smartMode, ...range, today: localDate() }).catch(() => null);
    if (!result) return;
    if (result.items.length === 0 && result.excludedItems.length === 0) return setNothingPlanned(true);
    setSaving(true);
    const saved = await change((list) => replacePlanItems(list, result.items, result.range)).then(
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
    onGenerated({ excluded: result.excludedItems.map((item) => item.name), unconverted: result.unconverted });
    onDone();
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Generate from Meal Plan</DialogTitle>
        <DialogDescription>
          Adds the ingredients of the meals planned for these days to your list. Generating the same days again replaces what it added, and
          keeps what you added or checked.
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-2" aria-describedby={invalid ? `${rangeId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Meals planned</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${rangeId}-from`}>From</Label>
            <Input
              id={`${rangeId}-from`}
              type="date"
              value={range.from}
              aria-invalid={!!invalid}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${rangeId}-to`}>To</Label>
            <Input
              id={`${rangeId}-to`}
              type="date"
              value={range.to}
              aria-invalid={!!invalid}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </div>
        </div>
        {invalid ? (
          <p id={`${rangeId}-error`} role="alert" className="text-sm text-destructive">
            {invalid}
          </p>
        ) : null}
      </fieldset>

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
            <span className="font-medium">No meals with ingredients are planned for these days.</span>{" "}
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
        <Button type="button" onClick={() => void run()} disabled={pending || !!invalid}>
          {pending ? "Generating..." : "Generate"}
        </Button>
      </DialogFooter>
    </>
  );
}
