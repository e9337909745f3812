import { useId, useRef, useState, type FormEvent } from "react";
import { QUANTITY_NUMBER_MESSAGE, readQuantityNumber, shoppingItemSchema, UNITS, type ShoppingItem } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { FormField, QuantityField } from "../../components/form-field";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { fieldErrors } from "../../lib/form";

type NewItem = Pick<ShoppingItem, "name" | "quantity" | "unit">;

interface AddItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why the dialog opened, when it is not the Add Item button (a scan whose product is unknown). */
  description?: string;
  /** Resolves when saved; the dialog stays open, with what was typed, when it rejects. */
  onAdd: (item: NewItem) => Promise<unknown>;
}

export function AddItemDialog({ open, onOpenChange, description, onAdd }: AddItemDialogProps) {
  const [pending, setPending] = useState(false);
  const add = (item: NewItem) => {
    setPending(true);
    return onAdd(item)
      .then(() => onOpenChange(false))
      .finally(() => setPending(false));
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Item</DialogTitle>
          <DialogDescription>{description ?? "Add something to buy to your shopping list."}</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so each opening starts empty. */}
        {open ? <AddItemForm pending={pending} onAdd={add} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddItemForm({ pending, onAdd, onCancel }: { pending: boolean; onAdd: (item: NewItem) => Promise<unknown>; onCancel: () => void }) {
  const unitsId = useId();
  const [values, setValues] = useState({ name: "", quantity: "1", unit: "units" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusAfterPending(formRef, pending);
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = readQuantityNumber(values.quantity);
    const parsed = shoppingItemSchema.safeParse({ ...values, quantity: quantity ?? Number.NaN });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error);
      if (quantity === null) next.quantity = QUANTITY_NUMBER_MESSAGE;
      return setErrors(next);
    }
    const { name, unit } = parsed.data;
    // Failures are toasted by the save; the form keeps its values for another try.
    onAdd({ name, quantity: parsed.data.quantity, unit }).catch(() => undefined);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        label="Name"
        name="name"
        autoComplete="off"
        placeholder="e.g. Eggs"
        value={values.name}
        onChange={(e) => set("name", e.target.value)}
        error={errors.name}
      />
      <div className="grid grid-cols-2 gap-4">
        <QuantityField value={values.quantity} onChange={(e) => set("quantity", e.target.value)} error={errors.quantity} />
        {/* Free text: a shop sells by the bunch or the can too; the spec's units come up as suggestions. */}
        <FormField
          label="Unit"
          name="unit"
          autoComplete="off"
          list={unitsId}
          value={values.unit}
          onChange={(e) => set("unit", e.target.value)}
          error={errors.unit}
        />
        <datalist id={unitsId}>
          {UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Adding..." : "Add Item"}
        </Button>
      </DialogFooter>
    </form>
  );
}
