import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { startServer } from "../e2e/server";

/** Gzipped JavaScript the production build loads for the landing page (budget 100 KB) and the signed-in dashboard. */
const LANDING_BUDGET_KB = 100;
const kb = (n: number) => (n / 1024).toFixed(1);

async function scriptsLoaded(page: Page, load: () => Promise<unknown>) {
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  });
  await load();
  await page.waitForLoadState("networkidle");
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

function report(name: string, scripts: { url: string; raw: number; gzip: number }[], budgetKb?: number) {
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const verdict = budgetKb === undefined ? "" : ` (budget ${budgetKb} KB: ${total <= budgetKb * 1024 ? "within" : "OVER"})`;
  console.log(`${name}: ${kb(total)} KB gzipped in ${scripts.length} files${verdict}`);
  for (const s of scripts.slice(0, 8))
    console.log(`  ${s.url.padEnd(48)} ${kb(s.raw).padStart(7)} KB raw ${kb(s.gzip).padStart(6)} KB gzip`);
}

/**
 * `tsx bench/page-weight.ts` measures the built app (apps/web/dist); `tsx bench/page-weight.ts A B` measures two builds
 * (folders like apps/web/dist) one after the other, to print a change's landing page beside today's build. Lighthouse's
 * score for the same two builds: `tsx bench/lighthouse-ab.ts A B 3 landing`.
 */
const builds = process.argv.slice(2);
if (builds.length !== 0 && builds.length !== 2) {
  console.error("usage: tsx bench/page-weight.ts [<web build A> <web build B>]");
  process.exit(2);
}
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const [i, build] of (builds.length ? builds : [undefined]).entries()) {
    const server = await startServer(build ? { WEB_DIST_DIR: build } : {});
    const label = build ? ` (${"AB"[i]} = ${build})` : "";
    try {
      const landing = await browser.newPage();
      report(
        `landing page JavaScript${label}`,
        await scriptsLoaded(landing, async () => {
          await landing.goto(server.url);
          await landing.getByRole("heading", { name: "Your Personal Kitchen Assistant" }).waitFor();
        }),
        LANDING_BUDGET_KB,
      );
      await landing.close();

      const context = await browser.newContext({ baseURL: server.url });
      const dashboard = await context.newPage();
      await dashboard.request.post("/api/signup", {
        data: { email: "weight@example.com", password: "weigh the page", firstName: "Wendy" },
      });
      report(
        `signed-in dashboard JavaScript${label}`,
        await scriptsLoaded(dashboard, async () => {
          await dashboard.goto("/");
          await dashboard.getByText("Welcome back, Wendy!").waitFor();
        }),
      );
      await context.close();
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
