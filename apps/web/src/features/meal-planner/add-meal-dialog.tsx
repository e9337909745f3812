import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { BookOpen, Plus } from "lucide-react";
import { MAX_MEAL_SERVINGS, mealPlanInput, mealServingsOf, type MealPlanInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { Label } from "@kim/ui/label";
import { Skeleton } from "@kim/ui/skeleton";
import { FormField, TextareaField } from "../../components/form-field";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { fieldErrors } from "../../lib/form";
import { trpc } from "../../lib/trpc";
import type { Slot } from "./planner-week";
import { RecipePicker } from "./recipe-picker";

interface AddMealDialogProps {
  slot: Slot;
  /** The slot in words, e.g. "breakfast on Mon, Nov 23". */
  slotName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Resolves when planned; the dialog stays open (with what was chosen) when it rejects. */
  onSubmit: (input: MealPlanInput) => Promise<unknown>;
  /** Where focus goes on closing: the dialog's + button may be gone once the slot is full. */
  onCloseAutoFocus: (event: Event) => void;
}

export function AddMealDialog({ slot, slotName, open, onOpenChange, pending, onSubmit, onCloseAutoFocus }: AddMealDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Add Meal</DialogTitle>
          <DialogDescription>Choose a recipe for {slotName}.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so each opening starts empty. */}
        {open ? <AddMealForm slot={slot} pending={pending} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface AddMealFormProps extends Pick<AddMealDialogProps, "slot" | "pending" | "onSubmit"> {
  onCancel: () => void;
}

function AddMealForm({ slot, pending, onSubmit, onCancel }: AddMealFormProps) {
  const id = useId();
  const recipes = trpc.recipes.list.useQuery();
  const [recipeId, setRecipeId] = useState<string | null>(null);
  const [servings, setServings] = useState("1");
  // Servings follow the chosen recipe's until the cook types their own.
  const [servingsTyped, setServingsTyped] = useState(false);
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusAfterPending(formRef, pending);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = mealPlanInput.safeParse({ ...slot, recipeId: recipeId ?? "", servings: Number(servings), notes });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (!recipeId) next.recipeId = "Choose a recipe";
    setErrors(next);
    // Failures are toasted by the mutation; the form keeps its values for another try.
    if (parsed.success && recipeId) onSubmit(parsed.data).catch(() => undefined);
  };

  const cancel = (
    <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
      Cancel
    </Button>
  );

  if (recipes.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading recipes">
        <Skeleton className="h-10" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (recipes.isError) {
    return (
      <>
        <p role="alert" className="text-destructive">
          Could not load your recipes: {recipes.error.message}
        </p>
        <DialogFooter>{cancel}</DialogFooter>
      </>
    );
  }
  if (recipes.data.length === 0) {
    return (
      <>
        <div className="grid justify-items-center gap-2 rounded-md border border-dashed px-4 py-6 text-center">
          <BookOpen className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">You have no recipes yet</p>
          <p className="text-sm text-muted-foreground">Create a recipe first, then plan it here.</p>
          <Button asChild className="mt-2">
            <Link to="/recipes/new">
              <Plus aria-hidden="true" />
              Create Recipe
            </Link>
          </Button>
        </div>
        <DialogFooter>{cancel}</DialogFooter>
      </>
    );
  }

  const choose = (next: string) => {
    setRecipeId(next);
    setErrors(({ recipeId: _fixed, ...rest }) => rest);
    const chosen = recipes.data.find((r) => r.id === next);
    if (chosen && !servingsTyped) setServings(String(mealServingsOf(chosen.servings)));
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-recipe`}>Recipe</Label>
        <RecipePicker
          id={`${id}-recipe`}
          recipes={recipes.data}
          value={recipeId}
          onChange={choose}
          invalid={!!errors.recipeId}
          describedBy={errors.recipeId ? `${id}-recipe-error` : undefined}
        />
        {errors.recipeId ? (
          <p id={`${id}-recipe-error`} className="text-sm text-destructive">
            {errors.recipeId}
          </p>
        ) : null}
      </div>
      <FormField
        label="Servings"
        name="servings"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_MEAL_SERVINGS}
        step={1}
        value={servings}
        onChange={(e) => {
          setServings(e.target.value);
          setServingsTyped(true);
          setErrors(({ servings: _fixed, ...rest }) => rest);
        }}
        error={errors.servings}
      />
      <TextareaField
        label="Notes"
        name="notes"
        rows={2}
        maxLength={500}
        placeholder="Optional notes"
        value={notes}
        onChange={(e) => {
          setNotes(e.target.value);
          setErrors(({ notes: _fixed, ...rest }) => rest);
        }}
        error={errors.notes}
      />
      <DialogFooter>
        {cancel}
        <Button type="submit" disabled={pending}>
          {pending ? "Adding..." : "Add Meal"}
        </Button>
      </DialogFooter>
    </form>
  );
}
