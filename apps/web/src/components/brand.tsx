import { ChefHat } from "lucide-react";

export function Brand() {
  return (
    <span className="flex items-center gap-2 font-bold">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <ChefHat className="size-5" aria-hidden="true" />
      </span>
      <span className="truncate text-lg">KIM</span>
    </span>
  );
}
