import type { ComponentProps } from "react";
import { cn } from "./lib/utils";

/**
 * An on/off switch: a native checkbox with the switch role, so a label toggles it, Space flips it and screen readers
 * announce "switch, on". `className` places the track; the thumb is drawn over the input.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<"input">, "type" | "role">) {
  return (
    <span className={cn("relative inline-grid h-6 w-11 shrink-0", className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer col-start-1 row-start-1 size-full cursor-pointer appearance-none rounded-full border border-muted-foreground bg-muted transition-colors outline-none checked:border-primary checked:bg-primary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none col-start-1 row-start-1 ml-1 size-4 self-center rounded-full bg-muted-foreground shadow-sm transition-transform peer-checked:translate-x-5 peer-checked:bg-primary-foreground"
      />
    </span>
  );
}
