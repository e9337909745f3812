import { useState } from "react";
import { Minus, Plus } from "lucide-react";
import { RECIPE_LIMITS } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Input } from "@kim/ui/input";

interface ServingsStepperProps {
  /** The number field's id, for its label. */
  id: string;
  servings: number;
  onChange: (servings: number) => void;
}

// Not `disabled` at the limits: a disabled button drops the keyboard focus of a cook pressing it repeatedly.
const STEP_BUTTON = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/** Minus and plus buttons around a number field; the field takes whole numbers from 1 as they are typed. */
export function ServingsStepper({ id, servings, onChange }: ServingsStepperProps) {
  // What is typed, which may be empty or unfinished for a moment; the servings change once it reads as one.
  const [text, setText] = useState(String(servings));
  const [shown, setShown] = useState(servings);
  if (shown !== servings) {
    setShown(servings);
    setText(String(servings));
  }

  const type = (value: string) => {
    setText(value);
    const typed = Number(value);
    if (value.trim() !== "" && Number.isInteger(typed) && typed >= 1 && typed <= RECIPE_LIMITS.servings) onChange(typed);
  };

  return (
    <div className="flex items-center gap-1.5">
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label="Fewer servings"
        aria-disabled={servings <= 1}
        className={STEP_BUTTON}
        onClick={() => onChange(servings - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={RECIPE_LIMITS.servings}
        step={1}
        className="h-9 w-16 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        value={text}
        onChange={(e) => type(e.target.value)}
        // Left empty or out of range: back to the servings in use.
        onBlur={() => setText(String(servings))}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label="More servings"
        aria-disabled={servings >= RECIPE_LIMITS.servings}
        className={STEP_BUTTON}
        onClick={() => onChange(servings + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
