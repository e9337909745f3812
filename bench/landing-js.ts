import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startServer } from "../e2e/server";

/** Gzipped JavaScript the production landing page loads, against the 100 KB budget. */
const BUDGET_KB = 100;

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(server.url, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "Your Personal Kitchen Assistant" }).waitFor();
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const s of scripts) console.log(`  ${s.url.padEnd(48)} ${kb(s.raw).padStart(7)} KB raw ${kb(s.gzip).padStart(6)} KB gzip`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`landing page JavaScript: ${kb(total)} KB gzipped in ${scripts.length} files (budget ${BUDGET_KB} KB: ${total <= BUDGET_KB * 1024 ? "within" : "OVER"})`);
} finally {
  await browser.close();
  await server.stop();
}
