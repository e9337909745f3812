import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Sparkles } from "lucide-react";
import { hasProAccess } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Checkbox } from "@kim/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { Skeleton } from "@kim/ui/skeleton";
import { toast } from "@kim/ui/lib/use-toast";
import { browserTimeZone } from "../../lib/dates";
import { useCurrentUser } from "../../lib/current-user";
import { errorMessage } from "../../lib/form";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { IntentKeys, keyed } from "../../lib/keyed-mutation";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { MEAL_LABELS, weekDays } from "./planner-week";

type Suggestion = RouterOutputs["mealPlans"]["suggest"]["suggestions"][number];

const key = (s: Suggestion) => `${s.date}:${s.mealType}`;
const meals = (n: number) => `${n} ${n === 1 ? "meal" : "meals"}`;

interface SuggestMealsDialogProps {
  monday: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Suggest meals" (Pro): suggestions for the week's empty slots, for the cook to accept all, some or none. */
export function SuggestMealsDialog({ monday, open, onOpenChange }: SuggestMealsDialogProps) {
  const [saving, setSaving] = useState(false);
  // Kept across openings (the dialog stays mounted once opened): a meal whose adding failed goes again with its key.
  const [keys] = useState(() => new IntentKeys());
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Suggest meals</DialogTitle>
          <DialogDescription>Meals from your recipes for this week's empty slots, using what expires soonest first.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: each opening asks afresh and starts with every suggestion ticked. */}
        {open ? <Suggestions monday={monday} keys={keys} saving={saving} setSaving={setSaving} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Suggestions({
  monday,
  keys,
  saving,
  setSaving,
  onDone,
}: {
  monday: string;
  keys: IntentKeys;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onDone: () => void;
}) {
  const user = useCurrentUser().data;
  const pro = !!user && hasProAccess(user);
  const suggest = trpc.mealPlans.suggest.useMutation();
  const utils = trpc.useUtils();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  // Suggestions planned by an Add whose other picks failed: shown as added, never sent again from this opening.
  const [added, setAdded] = useState<Set<string>>(new Set());
  // Bumped by an Add that left picks behind: the focus goes back to the Add button (disabled while saving, it lost it).
  const [refocusAdd, setRefocusAdd] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  // Set by the click itself: a second click in the same task, before `saving` has disabled the button, adds nothing.
  const accepting = useRef(false);
  const { mutate } = suggest;

  const ask = useCallback(
    () => mutate({ week: monday, timeZone: browserTimeZone() }, { onSuccess: (result) => setChosen(new Set(result.suggestions.map(key))) }),
    [monday, mutate],
  );
  useEffect(() => {
    if (pro) ask();
  }, [pro, ask]);
  // "Try again" goes away as it asks: once the answer is in, the focus comes back inside the dialog.
  useFocusAfterPending(container, suggest.isPending);
  useEffect(() => {
    if (refocusAdd > 0) addButton.current?.focus();
  }, [refocusAdd]);

  if (!pro) {
    return (
      <div className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm" data-testid="suggest-upgrade">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <p>
          <span className="font-medium">Meal suggestions are a Pro feature.</span>{" "}
          <span className="text-muted-foreground">They fill your week from your recipes, using what expires soonest first.</span>{" "}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            Upgrade to Pro
          </Link>
        </p>
      </div>
    );
  }

  const suggestions = suggest.data?.suggestions;
  const names = new Map(weekDays(monday).map((d) => [d.date, d.name]));
  const toggle = (s: Suggestion, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(key(s));
      else next.delete(key(s));
      return next;
    });

  const accept = async () => {
    if (accepting.current) return;
    accepting.current = true;
    const picked = (suggestions ?? []).filter((s) => chosen.has(key(s)));
    setSaving(true);
    const done: Suggestion[] = [];
    const failed: Suggestion[] = [];
    let failure: unknown = null;
    // One at a time, in the week's order: each is an ordinary "add meal" with its intent's key, its slot's limit checked.
    const create = keyed(utils.client.mealPlans.create.mutate);
    for (const s of picked) {
      try {
        await create({ date: s.date, mealType: s.mealType, recipeId: s.recipe.id, servings: s.recipe.servings }, keys);
        done.push(s);
      } catch (error) {
        // Its intent keeps its key (IntentKeys): the next Add sends it with the same one, so it is planned once.
        failed.push(s);
        failure = error;
      }
    }
    setSaving(false);
    accepting.current = false;
    await utils.mealPlans.list.invalidate();
    if (failed.length === 0) {
      toast({ title: "Meals added to planner", description: `Added ${meals(done.length)} to your week.` });
      onDone();
      return;
    }
    // Some failed: one toast says what happened (toasts show one at a time), and the dialog stays with only the picks
    // not added still chosen, for another Add.
    const reason = errorMessage(failure, "Please try again.");
    toast(
      done.length > 0
        ? {
            title: `Added ${done.length} of ${meals(picked.length)}`,
            description: `${failed.length} ${failed.length === 1 ? "wasn't" : "weren't"} added: ${reason}`,
            variant: "destructive",
          }
        : { title: failed.length === 1 ? "Failed to add meal" : "Failed to add meals", description: reason, variant: "destructive" },
    );
    setAdded((prev) => new Set([...prev, ...done.map(key)]));
    setChosen(new Set(failed.map(key)));
    setRefocusAdd((n) => n + 1);
  };

  return (
    <div ref={container} className="contents">
      {suggest.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not suggest meals. {errorMessage(suggest.error, "Please try again.")}
        </p>
      ) : !suggestions ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Finding meals">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : suggestions.length === 0 ? (
        <p role="status" className="rounded-md bg-muted p-4 text-sm">
          Nothing to suggest: the rest of this week is planned, or every recipe of yours is in it already.
        </p>
      ) : (
        <fieldset className="grid gap-1">
          <legend className="sr-only">Suggested meals</legend>
          {suggestions.map((s) => {
            const id = `suggestion-${key(s)}`;
            const isAdded = added.has(key(s));
            return (
              <label
                key={key(s)}
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-accent"
                data-testid="meal-suggestion"
              >
                <Checkbox
                  id={id}
                  className="mt-0.5"
                  checked={chosen.has(key(s))}
                  onChange={(e) => toggle(s, e.target.checked)}
                  disabled={saving || isAdded}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-xs text-muted-foreground">
                    {MEAL_LABELS[s.mealType]} · {names.get(s.date)}
                    {isAdded ? <span className="font-medium text-foreground"> · Added</span> : null}
                  </span>
                  <span className="font-medium break-words">{s.recipe.title}</span>
                  <span className="text-sm text-muted-foreground">{s.reason}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        {suggest.isError ? (
          <Button type="button" onClick={ask}>
            Try again
          </Button>
        ) : null}
        {suggestions && suggestions.length > 0 ? (
          <Button ref={addButton} type="button" onClick={() => void accept()} disabled={saving || chosen.size === 0}>
            {saving ? "Adding..." : `Add ${meals(chosen.size)}`}
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  );
}
