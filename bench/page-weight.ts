import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
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

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const landing = await browser.newPage();
  report(
    "landing page JavaScript",
    await scriptsLoaded(landing, async () => {
      await landing.goto(server.url);
      await landing.getByRole("heading", { name: "Your Personal Kitchen Assistant" }).waitFor();
    }),
    LANDING_BUDGET_KB,
  );

  const dashboard = await (await browser.newContext({ baseURL: server.url })).newPage();
  await dashboard.request.post("/api/signup", { data: { email: "weight@example.com", password: "weigh the page", firstName: "Wendy" } });
  report(
    "signed-in dashboard JavaScript",
    await scriptsLoaded(dashboard, async () => {
      await dashboard.goto("/");
      await dashboard.getByText("Welcome back, Wendy!").waitFor();
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
