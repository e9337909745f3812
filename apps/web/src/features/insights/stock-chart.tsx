import { useEffect, useRef } from "react";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";

// Only what a bar chart needs: Chart.js is tree-shaken to these parts (see decision 0019).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface ChartPeriod {
  label: string;
  wasted: number;
  used: number;
}

/**
 * A theme colour as rgb(): Chart.js reads colours itself and knows no oklch, which the theme is written in, so the
 * browser paints the variable on a 1x1 canvas and the pixel is read back.
 */
function themeColor(style: CSSStyleDeclaration, ctx: CanvasRenderingContext2D | null, variable: string): string {
  const value = style.getPropertyValue(variable).trim();
  if (!ctx || !value) return "gray";
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = value;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${(a ?? 255) / 255})`;
}

type ChartColors = Record<"wasted" | "used" | "text" | "grid", string>;
/** The colours of the theme last read, by <html>'s classes: the page's two charts read them once, on one canvas. */
let kept: { theme: string; colors: ChartColors } | undefined;

function colors(): ChartColors {
  const theme = document.documentElement.className;
  if (kept?.theme === theme) return kept.colors;
  const style = getComputedStyle(document.documentElement);
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const read = (variable: string) => themeColor(style, ctx, variable);
  kept = {
    theme,
    colors: { wasted: read("--destructive"), used: read("--primary"), text: read("--muted-foreground"), grid: read("--border") },
  };
  return kept.colors;
}

function drawChart(canvas: HTMLCanvasElement, periods: ChartPeriod[]): Chart {
  const c = colors();
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: periods.map((p) => p.label),
      datasets: [
        { label: "Wasted", data: periods.map((p) => p.wasted), backgroundColor: c.wasted, borderRadius: 3 },
        { label: "Used", data: periods.map((p) => p.used), backgroundColor: c.used, borderRadius: 3 },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { position: "bottom", labels: { color: c.text, boxWidth: 12 } } },
      scales: {
        x: { ticks: { color: c.text, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
        y: { beginAtZero: true, ticks: { color: c.text, precision: 0 }, grid: { color: c.grid } },
      },
    },
  });
}

/** The theme toggle flips a class on <html>: the chart is repainted in the new colours. */
function repaintOnThemeChange(chart: Chart): MutationObserver {
  const observer = new MutationObserver(() => {
    const next = colors();
    chart.data.datasets[0]!.backgroundColor = next.wasted;
    chart.data.datasets[1]!.backgroundColor = next.used;
    chart.options.plugins!.legend!.labels!.color = next.text;
    chart.options.scales!.x!.ticks!.color = next.text;
    chart.options.scales!.y!.ticks!.color = next.text;
    chart.options.scales!.y!.grid!.color = next.grid;
    chart.update();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return observer;
}

/** Wasted and used items per period as grouped bars, redrawn in the theme's colours when it changes. */
export function StockChart({ periods, label }: { periods: ChartPeriod[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let chart: Chart | undefined;
    let observer: MutationObserver | undefined;
    // Each chart is built in a task of its own after the page's: one long task (the page and both charts) would block
    // input longer than three shorter ones.
    const build = setTimeout(() => {
      chart = drawChart(canvas.current!, periods);
      observer = repaintOnThemeChange(chart);
    }, 0);
    return () => {
      clearTimeout(build);
      observer?.disconnect();
      chart?.destroy();
    };
  }, [periods]);

  return (
    <div className="relative h-56 w-full min-w-0 sm:h-64">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="stock-chart" />
    </div>
  );
}
