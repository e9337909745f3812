import { chromium } from "playwright-core";
import { startServer } from "./e2e/server";
import { CHROMIUM_ARGS } from "./e2e/chromium";
const server = await startServer();
const args = process.argv[2] === "full" ? CHROMIUM_ARGS : ["--no-sandbox", "--disable-gpu"];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 740 }, locale: "en-US", colorScheme: "light" });
  const page = await context.newPage();
  await page.request.post("/api/signup", { data: { email: "dbg@example.com", password: "debug password x", firstName: "D" } });
  await page.goto("/shopping-list");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: 20000 });
  await context.setOffline(true);
  await page.evaluate(() => location.reload());
  await page.waitForTimeout(3000);
  console.log("DUMP", page.url(), (await page.evaluate(() => document.body.innerText)).slice(0, 100));
} finally {
  await browser.close();
  await server.stop();
}
