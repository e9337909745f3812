import type { ComponentProps } from "react";
import { Search } from "lucide-react";
import { Input } from "@kim/ui/input";
import { cn } from "@kim/ui/lib/utils";

/** A search box with its magnifier icon; `className` styles the box around both, the rest goes to the input. */
export function SearchInput({ className, type = "search", ...inputProps }: ComponentProps<"input">) {
  return (
    <div className={cn("relative", className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type={type} className="pl-9" {...inputProps} />
    </div>
  );
}
