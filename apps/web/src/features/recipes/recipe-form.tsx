import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Link, useBlocker, useNavigate, useRouter } from "@tanstack/react-router";
import { Plus, Scale, Trash2 } from "lucide-react";
import { CUISINES, DIFFICULTIES, UNITS, countedName, formatAmount, scaleQuantity, type RecipeInput } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@kim/ui/card";
import { Input } from "@kim/ui/input";
import { DraftRestoredNotice } from "../../components/draft-restored-notice";
import { FormField, NativeSelectField, TextareaField } from "../../components/form-field";
import { retryingLoader } from "../../lib/chunk-load";
import { useCurrentUser } from "../../lib/current-user";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { forgetDraft, useKeepDraft, useRestoredWork } from "../../lib/form-draft";
import { lazyDialog } from "../../lib/lazy-dialog";
import { isSessionLost } from "../../lib/session-lost";
import {
  newIngredientRow,
  parseRecipeFormValues,
  recipeInputFromForm,
  type IngredientRowValues,
  type RecipeFormValues,
  type TextField,
} from "./recipe-form-values";
import { offersScaling, quantitiesForAfterServings, rowsWrittenFor, servingsCount, writtenAfterEdit } from "./recipe-scaling";

interface RecipeFormProps {
  mode: "create" | "edit";
  /** Identifies what the form was opened for, so a kept draft only comes back into the same opening. */
  draftScope: string;
  initialValues: RecipeFormValues;
  /** Shown above the form, e.g. that some prefilled fields could not be read. */
  notice?: ReactNode;
  pending: boolean;
  /** Resolves when saved; the form stays (with what was typed) when it rejects. */
  onSubmit: (input: RecipeInput) => Promise<unknown>;
}

// What the page does not need to draw loads after it: the schema that checks the form (with zod), wanted on Save, and
// the dialog asked when leaving with changes (with the dialog library).
const validation = retryingLoader(() => import("./recipe-validation"));
const LeaveUnsavedDialog = lazyDialog(
  () => import("./leave-unsaved-dialog").then((m) => m.LeaveUnsavedDialog),
  (props) => props.open,
);

/** Errors keyed by field, and by row for ingredients ("ingredients.2.name"), first message each. */
function formErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [field, row, part] = issue.path;
    const key =
      field === "ingredients" && typeof row === "number" ? `ingredients.${row}.${String(part ?? "name")}` : String(field ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

export function RecipeForm({ mode, draftScope, initialValues, notice, pending, onSubmit }: RecipeFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const userId = useCurrentUser().data?.id ?? "";
  const draft = { key: "recipe", userId, scope: draftScope };
  const restored = useRestoredWork(draft, parseRecipeFormValues);
  const [values, setValues] = useState(restored?.values ?? initialValues);
  const [restoredShown, setRestoredShown] = useState(restored !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The servings the ingredient quantities are written for; changing servings offers to scale them.
  const [quantitiesFor, setQuantitiesFor] = useState(Number(initialValues.servings));
  // The rows whose quantities are written for that count: scaling offers itself for them, and changes only them.
  const [written, setWritten] = useState(() => rowsWrittenFor(values.ingredients));
  const saved = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A failed save leaves the focus in the form, not on the page (its button was disabled while it saved).
  useFocusAfterPending(formRef, pending);

  const dirty = JSON.stringify(values) !== JSON.stringify(initialValues);
  // Unsaved work is kept in this tab as it is typed: Back, a reload or a closed page brings it back here.
  useKeepDraft(draft, values, dirty);
  const discardDraft = () => {
    setValues(initialValues);
    setErrors({});
    setQuantitiesFor(Number(initialValues.servings));
    setWritten(rowsWrittenFor(initialValues.ingredients));
    setRestoredShown(false);
  };
  // Leaving while the save is on its way is not leaving unsaved: it finishes, and forgets the draft, without the form.
  const router = useRouter();
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !saved.current && !pending,
    // A lost session keeps the form as a draft before its redirect: no prompt then.
    enableBeforeUnload: () => dirty && !saved.current && !isSessionLost(),
    withResolver: true,
  });

  const set = <K extends keyof RecipeFormValues>(key: K, value: RecipeFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };
  // What every text box of the form is given: its name, its value, the edit that sets it and its error.
  const textField = (key: TextField) => ({
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    error: errors[key],
  });
  const setRow = (index: number, change: Partial<IngredientRowValues>) => {
    const key = values.ingredients[index]?.key;
    if (key) setWritten(writtenAfterEdit(written, key, change, servingsCount(values.servings) === quantitiesFor));
    setValues((v) => ({ ...v, ingredients: v.ingredients.map((row, i) => (i === index ? { ...row, ...change } : row)) }));
    setErrors((e) => {
      const next = { ...e };
      for (const part of Object.keys(change)) delete next[`ingredients.${index}.${part}`];
      delete next.ingredients;
      return next;
    });
  };
  const addRow = () => {
    setValues((v) => ({ ...v, ingredients: [...v.ingredients, newIngredientRow()] }));
    // Focus the new row's name once it is drawn, so typing a list needs no mouse.
    requestAnimationFrame(() => [...document.querySelectorAll<HTMLInputElement>(`[data-row-name="${id}"]`)].at(-1)?.focus());
  };
  // Errors are keyed by row position, so they are cleared rather than shifted when a row goes.
  const removeRow = (index: number) => {
    setValues((v) => (v.ingredients.length > 1 ? { ...v, ingredients: v.ingredients.filter((_, i) => i !== index) } : v));
    setErrors(({ ingredients: _, ...rest }) => Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith("ingredients."))));
  };

  const servings = Number(values.servings);
  const canScale = offersScaling(quantitiesFor, values.servings, values.ingredients, written);
  const changeServings = (e: ChangeEvent<HTMLInputElement>) => {
    set("servings", e.target.value);
    setQuantitiesFor(quantitiesForAfterServings(quantitiesFor, e.target.value, values.ingredients, written));
  };
  const scaleRows = () => {
    const factor = servings / quantitiesFor;
    const scaled = values.ingredients.map((row) => {
      if (!written.has(row.key)) return row;
      const quantity = scaleQuantity(row.quantity, factor);
      // The name agrees with its new count ("2 eggs" halved is "1 egg"), as cooking mode shows it.
      return { ...row, quantity: String(quantity), name: countedName(row.name, formatAmount(quantity, row.unit)) };
    });
    setValues((v) => ({ ...v, ingredients: scaled }));
    // Every filled row is now written for the servings shown; a blank row's default still for none.
    setWritten(rowsWrittenFor(scaled));
    setQuantitiesFor(servings);
    // The offer goes once taken, and its button with it: the focus goes to the first quantity scaled.
    const first = scaled.findIndex((row) => written.has(row.key));
    formRef.current?.querySelector<HTMLInputElement>(`[aria-label="Quantity of ingredient ${first + 1}"]`)?.focus();
  };

  // The schema's download starts once the form has drawn, at the browser's first idle moment.
  useEffect(() => {
    const start = () => void validation.load().catch(() => undefined);
    if (typeof window.requestIdleCallback !== "function") return void setTimeout(start, 200);
    const idle = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Not arrived (offline, or a redeploy): the notice says why, and the form stays as it is for another try.
    const schema = await validation.load().catch(() => undefined);
    if (!schema) return;
    const parsed = schema.recipeInput.safeParse(recipeInputFromForm(values));
    if (!parsed.success) {
      const next = formErrors(parsed.error.issues);
      setErrors(next);
      // Take the cook to the first field to fix.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setErrors({});
    const here = router.latestLocation.href;
    onSubmit(parsed.data)
      .then(() => {
        saved.current = true;
        forgetDraft(draft.key);
        // In place of the form: Back then goes where the cook came from, not to a form already saved (an empty one).
        // A cook who left while it saved stays where they went, even while the page they went to still loads (the
        // form stays drawn until it has: whether it is drawn says nothing).
        if (router.latestLocation.href === here) return navigate({ to: "/recipes", replace: true });
      })
      // Failures are toasted by the mutation; the form keeps its values for another try.
      .catch(() => undefined);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-6"
      aria-label={mode === "create" ? "Create recipe" : "Edit recipe"}
    >
      {restored && restoredShown ? <DraftRestoredNotice reason={restored.reason} onDiscard={discardDraft} /> : null}
      {notice}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Basic Information</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Title" autoComplete="off" placeholder="e.g. Grandma's Apple Pie" {...textField("title")} />
          <TextareaField label="Description" rows={3} placeholder="A short description of the dish" {...textField("description")} />
          <FormField
            label="Image URL"
            type="url"
            inputMode="url"
            hint="Optional: an https:// link to a photo"
            placeholder="https://"
            {...textField("imageUrl")}
          />
          <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
            <FormField label="Prep Time (min)" type="number" inputMode="numeric" min={0} step={1} {...textField("prepTime")} />
            <FormField label="Cook Time (min)" type="number" inputMode="numeric" min={0} step={1} {...textField("cookTime")} />
            <FormField
              label="Servings"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...textField("servings")}
              onChange={changeServings}
            />
            <NativeSelectField
              label="Difficulty"
              value={values.difficulty}
              options={DIFFICULTIES}
              onChange={(v) => set("difficulty", v)}
              error={errors.difficulty}
            />
            <NativeSelectField
              label="Cuisine"
              value={values.cuisineType}
              options={CUISINES}
              onChange={(v) => set("cuisineType", v)}
              error={errors.cuisineType}
            />
          </div>
          <FormField
            label="Tags"
            autoComplete="off"
            hint="Separate tags with commas, e.g. vegetarian, quick"
            {...textField("tags")}
            error={errors.tags ?? Object.entries(errors).find(([key]) => key.startsWith("tags."))?.[1]}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Ingredients</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {canScale ? (
            <div
              role="status"
              className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span>
                The quantities below are for {quantitiesFor} {quantitiesFor === 1 ? "serving" : "servings"}.
              </span>
              <Button type="button" size="sm" variant="outline" onClick={scaleRows}>
                <Scale aria-hidden="true" />
                Scale to {servings} servings
              </Button>
            </div>
          ) : null}
          <datalist id={`${id}-units`}>
            {UNITS.map((unit) => (
              <option key={unit} value={unit} />
            ))}
          </datalist>
          <ol className="grid gap-3" aria-label="Ingredient rows">
            {values.ingredients.map((row, index) => (
              <IngredientRow
                key={row.key}
                formId={id}
                index={index}
                row={row}
                errors={errors}
                removable={values.ingredients.length > 1}
                onChange={(change) => setRow(index, change)}
                onRemove={() => removeRow(index)}
              />
            ))}
          </ol>
          {errors.ingredients ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.ingredients}
            </p>
          ) : null}
          <Button type="button" variant="outline" className="justify-self-start" onClick={addRow}>
            <Plus aria-hidden="true" />
            Add Ingredient
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Instructions</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <TextareaField
            label="Steps"
            rows={10}
            hint="One step per line. Cooking mode shows each line as a step to check off."
            placeholder={"Preheat the oven to 180°C.\nMix the flour and sugar.\nBake for 25 minutes."}
            {...textField("instructions")}
          />
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to="/recipes">Cancel</Link>
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : mode === "create" ? "Create Recipe" : "Save Changes"}
        </Button>
      </div>

      <LeaveUnsavedDialog
        open={blocker.status === "blocked"}
        onOpenChange={(open) => !open && blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </form>
  );
}

interface IngredientRowProps {
  formId: string;
  index: number;
  row: IngredientRowValues;
  errors: Record<string, string>;
  removable: boolean;
  onChange: (change: Partial<IngredientRowValues>) => void;
  onRemove: () => void;
}

function IngredientRow({ formId, index, row, errors, removable, onChange, onRemove }: IngredientRowProps) {
  const n = index + 1;
  const error = (part: string) => errors[`ingredients.${index}.${part}`];
  const messages = ["quantity", "unit", "name", "original"].map(error).filter(Boolean);
  const errorId = `${formId}-row-${row.key}-error`;
  const field = (part: string) => ({
    "aria-invalid": error(part) ? true : undefined,
    "aria-describedby": messages.length > 0 ? errorId : undefined,
  });
  return (
    <li className="grid gap-1 max-sm:border-b max-sm:pb-3 max-sm:last:border-b-0 max-sm:last:pb-0">
      {/* On a phone the name gets a line of its own under quantity and unit; from sm up the row reads "1 1/2 cups flour". */}
      <div className="grid grid-cols-[5rem_1fr_auto] items-start gap-2 [grid-template-areas:'qty_unit_remove'_'name_name_name'] sm:grid-cols-[5rem_6rem_1fr_auto] sm:[grid-template-areas:'qty_unit_name_remove']">
        <Input
          aria-label={`Quantity of ingredient ${n}`}
          className="[grid-area:qty]"
          inputMode="decimal"
          placeholder="1"
          value={row.quantity}
          onChange={(e) => onChange({ quantity: e.target.value })}
          {...field("quantity")}
        />
        <Input
          aria-label={`Unit of ingredient ${n}`}
          className="[grid-area:unit]"
          list={`${formId}-units`}
          placeholder="unit"
          value={row.unit}
          onChange={(e) => onChange({ unit: e.target.value })}
          {...field("unit")}
        />
        <Input
          aria-label={`Name of ingredient ${n}`}
          className="[grid-area:name]"
          data-row-name={formId}
          placeholder="Ingredient"
          value={row.name}
          onChange={(e) => onChange({ name: e.target.value })}
          {...field("name")}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ingredient ${n}`}
          className="[grid-area:remove]"
          title={removable ? undefined : "A recipe needs at least one ingredient"}
          disabled={!removable}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {row.original ? <p className="text-xs text-muted-foreground">As printed: {row.original}</p> : null}
      {messages.length > 0 ? (
        <p id={errorId} className="text-sm text-destructive">
          {messages.join(". ")}
        </p>
      ) : null}
    </li>
  );
}
