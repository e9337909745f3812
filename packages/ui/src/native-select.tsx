import type { ComponentProps } from "react";
import { ChevronDownIcon } from "lucide-react";
import { cn } from "./lib/utils";

/**
 * The browser's own select, drawn like SelectTrigger: no script of its own, and the phone's own picker. For filters
 * on pages that must draw at once; forms keep the Radix Select (decision 0011).
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative", className)}>
      <select
        data-slot="native-select"
        className="h-10 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base shadow-xs transition-colors outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50 select-none"
        aria-hidden="true"
      />
    </div>
  );
}
