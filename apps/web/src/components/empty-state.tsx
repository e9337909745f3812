import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card } from "@kim/ui/card";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  hint: string;
  /** An action under the text, e.g. a button to create the first item. */
  children?: ReactNode;
}

/** The card a list shows when it has nothing to show. */
export function EmptyState({ icon: Icon, title, hint, children }: EmptyStateProps) {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <Icon className="size-12 text-muted-foreground" aria-hidden="true" />
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-muted-foreground">{hint}</p>
      </div>
      {children}
    </Card>
  );
}
