import type { LucideIcon } from "lucide-react";
import { cn } from "@kim/ui/lib/utils";

/** Round icon heading a status screen (email sent, password reset, invalid link). */
export function StatusIcon({ icon: Icon, tone = "primary" }: { icon: LucideIcon; tone?: "primary" | "destructive" }) {
  return (
    <span
      className={cn(
        "flex size-12 items-center justify-center rounded-full",
        tone === "primary" ? "bg-secondary text-primary" : "bg-destructive/10 text-destructive",
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
