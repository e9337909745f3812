import { useRef, useState, type FormEvent } from "react";
import {
  CATEGORIES,
  EARLIEST_EXPIRY,
  QUANTITY_NUMBER_MESSAGE,
  UNITS,
  ingredientInput,
  isCalendarDate,
  latestExpiry,
  readQuantityNumber,
  type IngredientInput,
} from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { DraftRestoredNotice } from "../../components/draft-restored-notice";
import { FormField, QuantityField, TextareaField } from "../../components/form-field";
import { SelectField } from "../../components/select-field";
import { useCurrentUser } from "../../lib/current-user";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { fieldErrors } from "../../lib/form";
import { forgetDraft, useKeepDraft, useRestoredWork } from "../../lib/form-draft";
import {
  expirationDateError,
  ingredientInputFromForm,
  parseIngredientFormValues,
  type IngredientFormValues,
} from "./ingredient-form-values";

interface IngredientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "add" | "edit";
  initialValues: IngredientFormValues;
  pending: boolean;
  /** Resolves when saved; the dialog stays open (with what was typed) when it rejects. */
  onSubmit: (input: IngredientInput) => Promise<unknown>;
}

export function IngredientFormDialog({ open, onOpenChange, mode, initialValues, pending, onSubmit }: IngredientFormDialogProps) {
  const userId = useCurrentUser().data?.id;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{mode === "add" ? "Add Ingredient" : "Edit Ingredient"}</DialogTitle>
          <DialogDescription>
            {mode === "add" ? "Add a new ingredient to your inventory." : "Update the details of this ingredient."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so each opening starts from its own initial values. */}
        {open ? (
          <IngredientForm
            userId={userId ?? ""}
            mode={mode}
            initialValues={initialValues}
            pending={pending}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface IngredientFormProps extends Pick<IngredientFormDialogProps, "mode" | "initialValues" | "pending" | "onSubmit"> {
  userId: string;
  onCancel: () => void;
}

function IngredientForm({ userId, mode, initialValues, pending, onSubmit, onCancel }: IngredientFormProps) {
  // A draft comes back only into the same opening: an add form with the same start (empty, or the same scan), an
  // edit of the same ingredient, unchanged since.
  const draft = { key: "ingredient", userId, scope: `${mode}:${JSON.stringify(initialValues)}` };
  const restored = useRestoredWork(draft, parseIngredientFormValues);
  const [values, setValues] = useState(restored?.values ?? initialValues);
  const [restoredShown, setRestoredShown] = useState(restored !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A tap beside the dialog or Escape closes it at once (easily done by mistake on a phone): what was typed is kept
  // as it changes, and comes back with a notice the next time the same form opens.
  const dirty = JSON.stringify(values) !== JSON.stringify(initialValues);
  useKeepDraft(draft, values, dirty);
  const discardDraft = () => {
    setValues(initialValues);
    setErrors({});
    setRestoredShown(false);
  };
  // Cancel is the cook's own choice to drop what was typed.
  const cancel = () => {
    forgetDraft(draft.key);
    onCancel();
  };
  const formRef = useRef<HTMLFormElement>(null);
  useFocusAfterPending(formRef, pending);
  const set = <K extends keyof IngredientFormValues>(key: K, value: IngredientFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // An edited field's old error no longer describes it.
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ingredientInput.safeParse(ingredientInputFromForm(values));
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (readQuantityNumber(values.quantity) === null) next.quantity = QUANTITY_NUMBER_MESSAGE;
    // A half-typed date leaves the field's value empty: without this check it would be saved as "no date".
    const dateField = event.currentTarget.elements.namedItem("expirationDate");
    // A date out of Kim's window keeps the schema's message, which says what the window is.
    const unreadable = values.expirationDate !== "" && !isCalendarDate(values.expirationDate);
    if (unreadable || (dateField instanceof HTMLInputElement && dateField.validity.badInput)) {
      next.expirationDate = expirationDateError();
    }
    setErrors(next);
    // Failures are toasted by the mutation; the form keeps its values for another try.
    if (parsed.success && Object.keys(next).length === 0) {
      onSubmit(parsed.data)
        .then(() => forgetDraft(draft.key))
        .catch(() => undefined);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      {restored && restoredShown ? <DraftRestoredNotice reason={restored.reason} place="form" onDiscard={discardDraft} /> : null}
      <FormField
        label="Name"
        name="name"
        autoComplete="off"
        placeholder="e.g. Milk"
        value={values.name}
        onChange={(e) => set("name", e.target.value)}
        error={errors.name}
      />
      <div className="grid grid-cols-2 gap-4">
        <QuantityField value={values.quantity} onChange={(e) => set("quantity", e.target.value)} error={errors.quantity} />
        <SelectField label="Unit" name="unit" value={values.unit} options={UNITS} onChange={(v) => set("unit", v)} error={errors.unit} />
      </div>
      <SelectField
        label="Category"
        name="category"
        value={values.category}
        options={CATEGORIES}
        onChange={(v) => set("category", v)}
        error={errors.category}
      />
      <FormField
        label="Expiration Date"
        name="expirationDate"
        type="date"
        hint="Optional"
        min={EARLIEST_EXPIRY}
        max={latestExpiry()}
        value={values.expirationDate}
        onChange={(e) => set("expirationDate", e.target.value)}
        error={errors.expirationDate}
      />
      <TextareaField
        label="Notes"
        name="notes"
        rows={3}
        placeholder="Optional notes"
        value={values.notes}
        onChange={(e) => set("notes", e.target.value)}
        error={errors.notes}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={cancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {mode === "add" ? (pending ? "Adding..." : "Add Ingredient") : pending ? "Saving..." : "Save Changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
