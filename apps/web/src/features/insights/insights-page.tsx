import { Link } from "@tanstack/react-router";
import { BarChart3, CalendarClock, ChefHat, Lightbulb, Sparkles, Trash2 } from "lucide-react";
import { expiringSoonBadge, formatAmount, hasProAccess } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { Skeleton } from "@kim/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { browserTimeZone } from "../../lib/dates";
import { useDeferredFirst } from "../../lib/deferred-first";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { StockChart, type ChartPeriod } from "./stock-chart";
import { LoadFailed } from "../../components/load-failed";

type Insights = RouterOutputs["insights"]["get"];

const OFFERS = [
  "Items wasted and used, week by week and month by month",
  "The categories you throw away most",
  "What expires in the next 7 days, with your recipes that use it",
  "A plain piece of advice from your own figures",
];

export function InsightsPage() {
  const user = useCurrentUser().data;
  const pro = !!user && hasProAccess(user);
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Insights</h1>
        <p className="mt-2 text-muted-foreground">Where your food goes, and what to cook before it expires</p>
      </div>
      {pro ? <ProInsights /> : <InsightsUpgrade />}
    </div>
  );
}

function InsightsUpgrade() {
  return (
    <Card data-testid="insights-upgrade">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            Insights are a Pro feature
          </h2>
        </CardTitle>
        <CardDescription>Upgrade to Pro to see what happens to your food and waste less of it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm">
          {OFFERS.map((offer) => (
            <li key={offer} className="flex items-start gap-2">
              <BarChart3 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {offer}
            </li>
          ))}
        </ul>
        <div>
          <Button asChild>
            <Link to="/pricing">Upgrade to Pro</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ProInsights() {
  const insights = trpc.insights.get.useQuery({ timeZone: browserTimeZone() });
  // The charts and tables draw in the background: the skeleton stays until they can show.
  const data = useDeferredFirst(insights.data, undefined);
  if (insights.isError) {
    return <LoadFailed what="your insights" error={insights.error} retry={() => void insights.refetch()} />;
  }
  if (!data) {
    return (
      <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Loading insights">
        <Skeleton className="h-20" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  const { figures, advice, expiring } = data;
  return (
    <>
      <Card className="flex-row items-start gap-4 px-6 py-4" data-testid="insights-advice">
        <Lightbulb className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <p className="font-medium">{advice}</p>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PeriodCard title="Per week" description={`The last ${figures.weeks.length} weeks, Monday to Sunday`} periods={figures.weeks} />
        <PeriodCard title="Per month" description={`The last ${figures.months.length} months`} periods={figures.months} />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <WastedByCategory categories={figures.wastedByCategory} />
        <ExpiringWithRecipes items={expiring} />
      </div>
    </>
  );
}

function PeriodCard({ title, description, periods }: { title: string; description: string; periods: ChartPeriod[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Wasted and used {title.toLowerCase()}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <StockChart periods={periods} label={`Items wasted and used ${title.toLowerCase()}`} />
        {/* The figures the chart draws, for screen readers. */}
        <table className="sr-only">
          <caption>Items wasted and used {title.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Wasted</th>
              <th scope="col">Used</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.wasted}</td>
                <td>{p.used}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function WastedByCategory({ categories }: { categories: Insights["figures"]["wastedByCategory"] }) {
  const most = Math.max(1, ...categories.map((c) => c.count));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Trash2 className="size-5 text-destructive" aria-hidden="true" />
            Wasted most
          </h2>
        </CardTitle>
        <CardDescription>Categories thrown away over the last months</CardDescription>
      </CardHeader>
      <CardContent>
        {categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing thrown away in these months.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Categories wasted most">
            {categories.map((c) => (
              <li key={c.category} className="grid gap-1" data-testid="wasted-category">
                <div className="flex justify-between text-sm">
                  <span className="font-medium">{c.category}</span>
                  <span className="text-muted-foreground">
                    {c.count} {c.count === 1 ? "item" : "items"}
                  </span>
                </div>
                <div className="h-2 rounded-full bg-muted" aria-hidden="true">
                  <div className="h-2 rounded-full bg-destructive" style={{ width: `${(c.count / most) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ExpiringWithRecipes({ items }: { items: Insights["expiring"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <CalendarClock className="size-5 text-primary" aria-hidden="true" />
            Expiring in the next 7 days
          </h2>
        </CardTitle>
        <CardDescription>With your recipes that use them, best matches first</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing expires in the next 7 days.</p>
        ) : (
          <ul className="divide-y" aria-label="Expiring in the next 7 days">
            {items.map((item) => {
              const badge = expiringSoonBadge(item.days);
              return (
                <li key={item.id} className="grid gap-2 py-3 first:pt-0 last:pb-0" data-testid="insights-expiring">
                  <div className="flex items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{item.name}</p>
                      <p className="text-sm text-muted-foreground">{formatAmount(item.quantity, item.unit)}</p>
                    </div>
                    <Badge variant={badge.variant}>{badge.label}</Badge>
                  </div>
                  {item.recipes.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No recipe of yours uses it yet.</p>
                  ) : (
                    <ul className="flex flex-wrap gap-2" aria-label={`Recipes using ${item.name}`}>
                      {item.recipes.map((r) => (
                        <li key={r.id}>
                          <Link
                            to="/recipes/$id"
                            params={{ id: r.id }}
                            className="inline-flex max-w-full items-center gap-1 rounded-md border px-2 py-1 text-sm hover:bg-accent"
                          >
                            <ChefHat className="size-3.5 shrink-0" aria-hidden="true" />
                            <span className="truncate">{r.title}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
