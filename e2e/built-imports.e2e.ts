import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";
import { sharedData } from "./shared-data";

// The built API reads PDFs and pages in worker threads started from files of their own beside its bundle
// (dist/pdf-worker.js, dist/html-worker.js): an import through the built server is what shows they are found.
const page = `<html><head><title>Tomato soup</title></head><body><h1>Tomato soup</h1>
<h2>Ingredients</h2><ul><li>1 kg tomatoes</li><li>1 onion</li><li>500 ml stock</li></ul>
<h2>Method</h2><ol><li>Soften the onion in a little oil for ten minutes.</li><li>Add the tomatoes and the stock and simmer for twenty minutes.</li></ol>
</body></html>`;

let site: Server;
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  site = createServer((_, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  server = await startServer({ FETCH_ALLOW_PRIVATE_NETWORK: "1" });
  const account = { email: "built-imports@example.com", password: "built imports password" };
  const signup = await fetch(`${server.url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(signup.status).toBe(201);
  cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // Without Stripe set up, checkout starts the local trial: Pro, which imports need.
  const trial = await post("/api/stripe/create-checkout-session", JSON.stringify({ plan: "pro" }), "application/json");
  expect(trial.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  site?.close();
});

function post(path: string, body: string | FormData, type?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: "POST", headers: { cookie, ...(type ? { "content-type": type } : {}) }, body });
}

describe("the built server", () => {
  it("reads a PDF's recipes in its PDF worker", async () => {
    const form = new FormData();
    const bytes = readFileSync(sharedData("recipe-pdfs", "print-weeknight-pan.pdf"));
    form.append("file", new Blob([bytes], { type: "application/pdf" }), "print-weeknight-pan.pdf");
    const answer = await post("/api/recipes/extract-from-pdf", form);
    expect(answer.status).toBe(200);
    expect((await answer.json()).count).toBe(1);
  });

  it("reads a page's recipe in its HTML worker", async () => {
    const { port } = site.address() as AddressInfo;
    const answer = await post(
      "/api/recipes/extract-from-url",
      JSON.stringify({ url: `http://127.0.0.1:${port}/soup` }),
      "application/json",
    );
    expect(answer.status).toBe(200);
    const { recipes } = await answer.json();
    expect(recipes[0].title).toBe("Tomato soup");
    expect(recipes[0].ingredients).toHaveLength(3);
  });
});
