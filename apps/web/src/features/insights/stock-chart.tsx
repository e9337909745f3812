import { axisTicks } from "./axis-ticks";

export interface ChartPeriod {
  label: string;
  wasted: number;
  used: number;
}

const percent = (value: number, top: number) => `${(value / top) * 100}%`;

/**
 * Wasted and used items per period as grouped bars. Plain elements sized in percent, not a chart library: a dozen bars
 * need no canvas, they resize with the card and take the theme's colours from its variables, and the page loads no
 * chart code (Chart.js was 57 KB gzipped; decision 0019).
 */
export function StockChart({ periods, label }: { periods: ChartPeriod[]; label: string }) {
  const ticks = axisTicks(Math.max(0, ...periods.flatMap((p) => [p.wasted, p.used])));
  const top = ticks.at(-1)!;
  return (
    <figure role="img" aria-label={label} data-testid="stock-chart" className="grid gap-2 text-xs text-muted-foreground">
      <div className="grid h-48 grid-cols-[2rem_1fr] sm:h-56">
        <div className="relative">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-2 translate-y-1/2 tabular-nums" style={{ bottom: percent(tick, top) }}>
              {tick}
            </span>
          ))}
        </div>
        <div className="relative border-b border-border">
          {ticks.slice(1).map((tick) => (
            <div key={tick} className="absolute inset-x-0 border-t border-border" style={{ bottom: percent(tick, top) }} />
          ))}
          <div className="absolute inset-0 flex">
            {periods.map((p) => (
              <div
                key={p.label}
                className="flex flex-1 items-end justify-center gap-0.5 px-0.5"
                title={`${p.label}: ${p.wasted} wasted, ${p.used} used`}
              >
                <div className="w-full max-w-4 rounded-t-sm bg-destructive" style={{ height: percent(p.wasted, top) }} />
                <div className="w-full max-w-4 rounded-t-sm bg-primary" style={{ height: percent(p.used, top) }} />
              </div>
            ))}
          </div>
        </div>
      </div>
      {/* Every other label on a phone when there are more than six: eight weeks' dates would run into each other. */}
      <div className="ml-8 flex">
        {periods.map((p, i) => (
          <span key={p.label} className={`flex-1 text-center whitespace-nowrap ${periods.length > 6 && i % 2 ? "max-sm:invisible" : ""}`}>
            {p.label}
          </span>
        ))}
      </div>
      <div className="flex justify-center gap-4">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-destructive" /> Wasted
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary" /> Used
        </span>
      </div>
    </figure>
  );
}
