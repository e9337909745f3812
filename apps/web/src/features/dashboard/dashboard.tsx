import { keepPreviousData } from "@tanstack/react-query";
import { BookOpen, Clock, Package, TrendingDown } from "lucide-react";
import { EXPIRING_SOON_DAYS, LOW_STOCK_QUANTITY } from "@kim/domain";
import { greetingName, useCurrentUser } from "../../lib/current-user";
import { isFirstVisit } from "../../lib/first-visit";
import { trpc } from "../../lib/trpc";
import { useToday } from "../../lib/use-today";
import { ExpiringSoonPanel } from "./expiring-soon-panel";
import { QuickActionsCard } from "./quick-actions-card";
import { StatCard } from "./stat-card";

/** The signed-in home: counts from inventory.summary (never the whole list), which the "/" route starts loading early. */
export function Dashboard() {
  const { data: user } = useCurrentUser();
  // At midnight the new day's summary is fetched with yesterday's still shown, not a loading state.
  const summary = trpc.inventory.summary.useQuery({ today: useToday() }, { placeholderData: keepPreviousData });
  const recipeCount = trpc.recipes.count.useQuery();
  // A failed count shows a dash instead of loading forever.
  const count = (value: number | undefined, failed: boolean) => (failed ? null : value);
  const expiringSoon = summary.data?.expiringSoon ?? [];

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          {isFirstVisit(user?.id) ? "Welcome" : "Welcome back"}, {greetingName(user)}!
        </h1>
        <p className="mt-2 text-muted-foreground">Here's what's happening in your kitchen today</p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          title="Total Ingredients"
          value={count(summary.data?.total, summary.isError)}
          to="/inventory"
          icon={Package}
          hint="Items in your kitchen"
        />
        <StatCard
          title="Saved Recipes"
          value={count(recipeCount.data, recipeCount.isError)}
          to="/recipes"
          icon={BookOpen}
          hint="Recipes in your collection"
        />
        <StatCard
          title="Expiring Soon"
          value={count(summary.data?.expiringSoonCount, summary.isError)}
          to="/inventory"
          filter="expiring"
          icon={Clock}
          hint={`Within the next ${EXPIRING_SOON_DAYS} days`}
        />
        <StatCard
          title="Low Stock"
          value={count(summary.data?.lowStockCount, summary.isError)}
          to="/inventory"
          filter="low-stock"
          icon={TrendingDown}
          hint={`Quantity of ${LOW_STOCK_QUANTITY} or less`}
        />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <QuickActionsCard />
        {expiringSoon.length > 0 ? <ExpiringSoonPanel items={expiringSoon} /> : null}
      </div>
    </div>
  );
}
