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
function themeColor(variable: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!ctx || !value) return "gray";
  ctx.fillStyle = value;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${(a ?? 255) / 255})`;
}

function colors() {
  return {
    wasted: themeColor("--destructive"),
    used: themeColor("--primary"),
    text: themeColor("--muted-foreground"),
    grid: themeColor("--border"),
  };
}

/** Wasted and used items per period as grouped bars, redrawn in the theme's colours when it changes. */
export function StockChart({ periods, label }: { periods: ChartPeriod[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const c = colors();
    const chart = new Chart(canvas.current!, {
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
    // The theme toggle flips a class on <html>: repaint in the new colours.
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
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [periods]);

  return (
    <div className="relative h-56 w-full min-w-0 sm:h-64">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="stock-chart" />
    </div>
  );
}
