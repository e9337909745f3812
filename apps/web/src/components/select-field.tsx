import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@kim/ui/select";
import { Field, type SelectFieldProps } from "./form-field";

/**
 * A labelled choice of one of `options`, each shown as it is written, in the Radix Select. Apart from form-field.tsx,
 * so a page whose forms use no Radix Select does not load the widget library with its fields.
 */
export function SelectField<T extends string>({ label, hint, error, name, value, options, onChange }: SelectFieldProps<T>) {
  const isOption = (v: string): v is T => options.some((o) => o === v);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Select name={name} value={value} onValueChange={(v) => isOption(v) && onChange(v)}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {option}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
