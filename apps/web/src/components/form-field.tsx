import { useId, type ComponentProps, type ReactNode } from "react";
import { Input } from "@kim/ui/input";
import { Label } from "@kim/ui/label";
import { NativeSelect } from "@kim/ui/native-select";
import { Textarea } from "@kim/ui/textarea";

interface FieldText {
  label: string;
  hint?: string;
  error?: string;
}

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A label, one control, an optional hint and an inline error, both announced with the control. */
export function Field({ label, hint, error, children }: FieldText & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The hint gives way to the error, so only the one on screen describes the control.
  const describedBy = error ? errorId : hint ? hintId : undefined;

  // Top-aligned rows: in a row of fields stretched to the tallest (one with an error below it), the others' controls
  // stay level with it instead of dropping.
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FormFieldProps = Omit<ComponentProps<"input">, "id"> & FieldText;

/** A labelled input with an optional hint and an inline error. */
export function FormField({ label, hint, error, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}

/** A labelled textarea with an optional hint and an inline error. */
export function TextareaField({ label, hint, error, ...textareaProps }: Omit<ComponentProps<"textarea">, "id"> & FieldText) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <Textarea {...control} {...textareaProps} />}
    </Field>
  );
}

export interface SelectFieldProps<T extends string> extends FieldText {
  /** Names the value in a submitted form. */
  name?: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}

/**
 * A labelled choice of one of `options` in the browser's own select (NativeSelect): no widget library to load before
 * the form can draw, and the phone's own picker. For forms a page draws at once (the recipe form); a form in a dialog
 * keeps SelectField (select-field.tsx), the Radix Select.
 */
export function NativeSelectField<T extends string>({ label, hint, error, name, value, options, onChange }: SelectFieldProps<T>) {
  const isOption = (v: string): v is T => options.some((o) => o === v);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <NativeSelect {...control} name={name} value={value} onChange={(e) => isOption(e.target.value) && onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** The email field every account form shares. */
export function EmailField(props: Omit<FormFieldProps, "label" | "type">) {
  return <FormField label="Email" type="email" name="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}

/**
 * The amount of an item, in the inventory and on the shopping list alike. Text read with readQuantityNumber, not
 * type="number": Chromium drops a typed decimal comma there, so "0,25" would quietly become 25.
 */
export function QuantityField(props: Omit<FormFieldProps, "label" | "type" | "name">) {
  return <FormField label="Quantity" name="quantity" inputMode="decimal" autoComplete="off" {...props} />;
}
