import { useId, type ComponentProps } from "react";
import { Input } from "@kim/ui/input";
import { Label } from "@kim/ui/label";

type FormFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled input with an optional hint and an inline error, both announced with the input. */
export function FormField({ label, hint, error, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The hint gives way to the error, so only the one on screen describes the input.
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
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

/** The email field every account form shares. */
export function EmailField(props: Omit<FormFieldProps, "label" | "type">) {
  return <FormField label="Email" type="email" name="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}
