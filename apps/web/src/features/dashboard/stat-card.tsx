import type { ComponentType } from "react";
import { Link } from "@tanstack/react-router";
import type { StockFilter } from "@kim/domain";
import { Card } from "@kim/ui/card";
import { Skeleton } from "@kim/ui/skeleton";

interface StatCardProps {
  title: string;
  /** undefined while loading, null when the count could not be loaded. */
  value: number | null | undefined;
  to: "/inventory" | "/recipes";
  /** The inventory filtered to the items counted. */
  filter?: StockFilter;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  hint: string;
}

/** A dashboard count that links to its page; a skeleton while loading, a dash if loading failed. */
export function StatCard({ title, value, to, filter, icon: Icon, hint }: StatCardProps) {
  return (
    <Link
      to={to}
      search={filter ? { filter } : {}}
      data-testid="stat-card"
      className="rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <Card className="h-full gap-2 p-4 transition-colors hover:bg-accent/50 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <Icon className="size-4 text-muted-foreground" aria-hidden={true} />
        </div>
        {value === undefined ? (
          <Skeleton className="h-8 w-12" />
        ) : value === null ? (
          <p className="text-3xl font-bold text-muted-foreground">
            <span aria-hidden="true">-</span>
            <span className="sr-only">Unavailable</span>
          </p>
        ) : (
          <p data-testid="stat-value" className="text-3xl font-bold">
            {value}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{hint}</p>
      </Card>
    </Link>
  );
}
