import type { ComponentProps } from "react";
import { CheckIcon } from "lucide-react";
import { cn } from "./lib/utils";

/**
 * A native checkbox in the theme's colours, its border at 3:1 contrast with the page. Being native, a <label> around
 * it or pointing at it toggles it, Space checks it, and forms and screen readers see a checkbox, with no script.
 * `className` places the box; the tick is drawn over the input.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <span className={cn("inline-grid size-5 shrink-0 place-items-center", className)}>
      <input
        type="checkbox"
        data-slot="checkbox"
        className="peer col-start-1 row-start-1 size-full cursor-pointer appearance-none rounded-[5px] border border-muted-foreground bg-background shadow-xs transition-colors outline-none checked:border-primary checked:bg-primary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <CheckIcon
        className="pointer-events-none invisible col-start-1 row-start-1 size-3.5 text-primary-foreground peer-checked:visible"
        strokeWidth={3}
        aria-hidden="true"
      />
    </span>
  );
}
