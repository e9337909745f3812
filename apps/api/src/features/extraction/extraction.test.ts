import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { TRPCError } from "@trpc/server";
import { ANSWER_INGREDIENTS } from "@kim/domain";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openAiStandIn, type ModelRecipe } from "../../testing/openai-stand-in";
import { recipeSiteStandIn } from "../../testing/recipe-site-stand-in";
import { headingsPage } from "../../testing/hostile-page";
import { fetchPage } from "../../lib/safe-fetch";
import { callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { HTML_LIMITS, HTML_WORKERS, readHtml } from "./html/html-reader";
import { IMPORTS_AT_ONCE } from "./service";

const site = recipeSiteStandIn();
const model = openAiStandIn();
/** Kim as run for local use: pages on loopback may be fetched, and a model is set up. */
let t: TestApp;
/** Kim as in production: only public addresses, and no model. */
let guarded: TestApp;

beforeAll(async () => {
  await site.start();
  const baseUrl = await model.start();
  t = await createTestApp({ fetchAllowPrivateNetwork: true, openai: { apiKey: "sk-test", baseUrl, model: "kim-test-model" } });
  guarded = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), guarded.close()]);
  await Promise.all([site.stop(), model.stop()]);
});
beforeEach(async () => {
  model.requests.length = 0;
  model.setMode("ok");
  model.answer([]);
  site.requests.length = 0;
  await Promise.all([t, guarded].map((app) => app.deps.db.deleteFrom("rateLimits").execute()));
});

async function importer(app: TestApp = t, fields: { isPro?: boolean } = { isPro: true }) {
  const { cookie } = await createUser(app, fields);
  return (url: unknown) =>
    app.app.inject({
      method: "POST",
      url: "/api/recipes/extract-from-url",
      headers: { cookie },
      payload: { url } as Record<string, unknown>,
    });
}

const page = (body: string, head = "") => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const soup = {
  "@type": "Recipe",
  name: "Tomato &amp; Basil Soup",
  description: "A bright summer soup.",
  image: ["https://cdn.example/soup.jpg"],
  recipeYield: ["4", "4 bowls"],
  prepTime: "PT15M",
  cookTime: "PT1H5M",
  recipeCuisine: "Italian",
  keywords: "soup, summer",
  recipeCategory: ["Starter"],
  recipeIngredient: ["1 1/2 cups vegetable stock", "2 x 400g tins chopped tomatoes", "½ tsp salt", "Salt and pepper to taste"],
  recipeInstructions: [
    { "@type": "HowToSection", name: "Soup", itemListElement: [{ "@type": "HowToStep", text: "Simmer the tomatoes in the stock." }] },
    { "@type": "HowToStep", text: "Blend until smooth." },
  ],
};

describe("POST /api/recipes/extract-from-url", () => {
  it("reads a JSON-LD recipe into the form's shape, each ingredient parsed beside its printed line", async () => {
    const extract = await importer();
    const url = site.page("/soup", page("<h1>Soup</h1>", jsonLd({ "@context": "https://schema.org", ...soup })));
    const res = await extract(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 1,
      leftOut: 0,
      recipes: [
        {
          title: "Tomato & Basil Soup",
          description: "A bright summer soup.",
          imageUrl: "https://cdn.example/soup.jpg",
          prepTime: 15,
          cookTime: 65,
          servings: 4,
          difficulty: "Medium",
          cuisineType: "Italian",
          ingredients: [
            { name: "vegetable stock", quantity: 1.5, unit: "cups", original: "1 1/2 cups vegetable stock" },
            expect.objectContaining({ name: "chopped tomatoes", quantity: 2, original: "2 x 400g tins chopped tomatoes" }),
            { name: "salt", quantity: 0.5, unit: "tsp", original: "½ tsp salt" },
            expect.objectContaining({ quantity: "", unit: "", original: "Salt and pepper to taste" }),
          ],
          // A section's name stays as a line above its steps, as the page prints it.
          instructions: "Soup\nSimmer the tomatoes in the stock.\nBlend until smooth.",
          tags: expect.arrayContaining(["soup", "summer", "Starter"]),
          sourceUrl: url,
          isAiExtracted: false,
        },
      ],
    });
    expect(site.requests[0]?.userAgent).toMatch(/Mozilla\/5\.0 .*Chrome\//);
    expect(model.requests).toHaveLength(0);
  });

  it("reads a saved real page served gzipped, with its recipe in a JSON-LD @graph", async () => {
    const res = await (await importer())(site.url("/saved/acozykitchen.com/acozykitchen_1"));
    expect(res.statusCode).toBe(200);
    const [recipe] = res.json().recipes;
    expect(recipe).toMatchObject({ title: "Burger Sauce Recipe", prepTime: 2, cookTime: 5, cuisineType: "American" });
    expect(recipe.ingredients).toHaveLength(7);
    expect(recipe.ingredients[1]).toEqual({ name: "mayonnaise", quantity: 0.5, unit: "cups", original: "1/2 cup mayonnaise" });
  });

  it("reads microdata", async () => {
    const body = `<div itemscope itemtype="https://schema.org/Recipe">
      <h2 itemprop="name">Lemon Bars</h2><span itemprop="recipeYield">Makes 16</span>
      <ul><li itemprop="recipeIngredient">1 cup butter</li><li itemprop="recipeIngredient">2 cups sugar</li></ul>
      <div itemprop="recipeInstructions"><p>Bake the base.</p><p>Pour on the filling.</p></div></div>`;
    const res = await (await importer())(site.page("/micro", page(body)));
    expect(res.json()).toMatchObject({
      count: 1,
      recipes: [
        {
          title: "Lemon Bars",
          servings: 16,
          instructions: "Bake the base.\nPour on the filling.",
          ingredients: [{ name: "butter" }, { name: "sugar" }],
        },
      ],
    });
  });

  it("reads a page with no structured data from its headings and lists", async () => {
    const res = await (await importer())(site.url("/saved/en.wikibooks.org/wikicookbook"));
    expect(res.statusCode).toBe(200);
    const [recipe] = res.json().recipes;
    expect(recipe.title).toContain("Pumpkin Pie");
    expect(recipe.ingredients).toHaveLength(11);
    expect(recipe.instructions.split("\n")).toHaveLength(5);
  });

  it("returns every recipe on a page with two", async () => {
    const second = {
      ...soup,
      name: "Garlic Bread",
      recipeIngredient: ["1 baguette", "3 garlic cloves, crushed"],
      recipeInstructions: "Spread and bake.",
    };
    const url = site.page("/two", page("", jsonLd({ "@context": "https://schema.org", "@graph": [soup, second] })));
    const res = await (await importer())(url);
    expect(res.json().count).toBe(2);
    expect(res.json().recipes.map((r: { title: string }) => r.title)).toEqual(["Tomato & Basil Soup", "Garlic Bread"]);
    expect(res.json().recipes[1].ingredients[1]).toMatchObject({ name: "garlic", quantity: 3, unit: "clove" });
  });

  it("answers an empty list for a page with no recipe, asking no model when none is set up", async () => {
    const open = await createTestApp({ fetchAllowPrivateNetwork: true });
    try {
      const answer = await (await importer(open))(site.page("/news", page("<h1>Town news</h1><p>The fair opens on Sunday.</p>")));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ recipes: [], count: 0, leftOut: 0 });
      expect(model.requests).toHaveLength(0);
    } finally {
      await open.close();
    }
  });

  it("asks the model, with the page's text and a JSON schema, when the page's structure shows no recipe", async () => {
    const told: ModelRecipe = {
      title: "Grandma's Scones",
      description: "",
      servings: 8,
      prepTimeMinutes: 10,
      cookTimeMinutes: 12,
      cuisine: "southern italian",
      ingredients: ["225g self-raising flour", "55g butter"],
      instructions: ["Rub the butter into the flour.", "Bake at 220C."],
      tags: ["baking"],
    };
    model.answer([told]);
    const text = "Grandma's scones. Rub 55g butter into 225g self-raising flour, bake at 220C for 12 minutes.";
    const res = await (await importer())(site.page("/story", page(`<article><p>${text}</p></article><script>var ad = 1;</script>`)));
    expect(res.statusCode).toBe(200);
    expect(res.json().recipes).toEqual([
      expect.objectContaining({
        title: "Grandma's Scones",
        servings: 8,
        prepTime: 10,
        cookTime: 12,
        cuisineType: "Italian",
        instructions: "Rub the butter into the flour.\nBake at 220C.",
        ingredients: [
          { name: "self-raising flour", quantity: 225, unit: "g", original: "225g self-raising flour" },
          { name: "butter", quantity: 55, unit: "g", original: "55g butter" },
        ],
        isAiExtracted: true,
      }),
    ]);
    expect(model.requests).toHaveLength(1);
    const [request] = model.requests;
    expect(request?.authorization).toBe("Bearer sk-test");
    expect(request?.body).toMatchObject({ model: "kim-test-model", response_format: { type: "json_schema" } });
    const messages = request?.body.messages as { content: string }[];
    expect(messages.at(-1)?.content).toContain(text);
    expect(messages.at(-1)?.content).not.toContain("var ad");
  });

  it("answers 502 when the model fails, and checks what the model says", async () => {
    const extract = await importer();
    const url = site.page("/plain", page("<p>No recipe here.</p>"));
    model.setMode("down");
    const down = await extract(url);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/AI service is unavailable/);
    model.setMode("ok");
    model.answer([
      {
        title: "x\u0000y",
        description: "",
        servings: -3,
        prepTimeMinutes: 99_999,
        cookTimeMinutes: null,
        cuisine: null,
        ingredients: [],
        instructions: [],
        tags: [],
      },
    ]);
    const nothing = await extract(url);
    expect(nothing.json()).toEqual({ recipes: [], count: 0, leftOut: 0 });
  });

  it("answers 502, never a 500, when the model's answer is not the recipes it was asked for", async () => {
    const extract = await importer();
    const url = site.page("/plain-too", page("<p>Still no recipe here.</p>"));
    const answers = [
      () => model.answerJson({ recipes: "soup" }),
      () => model.answerJson({ recipes: [{ title: 5 }] }),
      () => model.answerText('{"recipes": ['),
    ];
    for (const [i, answer] of answers.entries()) {
      answer();
      const res = await extract(url);
      expect(res.statusCode, `answer ${i}`).toBe(502);
      expect(res.json().message).toMatch(/AI service is unavailable/);
    }
  });

  it("refuses users without Pro access with 403 'Pro feature', fetching nothing", async () => {
    const res = await (await importer(t, {}))(site.page("/soup-basic", page("", jsonLd(soup))));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("Pro feature");
    expect(site.requests).toHaveLength(0);
  });

  it("answers 400 'Please enter a URL' for a missing or blank URL, and 400 for one that is not http(s)", async () => {
    const extract = await importer();
    for (const url of [undefined, "", "   "]) {
      const res = await extract(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please enter a URL");
    }
    for (const url of ["not a url", "ftp://example.com/recipe", "file:///etc/passwd", "javascript:alert(1)", "http://exa\u0000mple.com/"]) {
      const res = await extract(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
  });

  it("refuses every private, loopback and metadata address in production, before connecting", async () => {
    const extract = await importer(guarded);
    const port = new URL(site.url("/")).port;
    const urls = [
      "127.0.0.1",
      "127.1",
      "2130706433",
      "0x7f.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "10.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "[fd00::1]",
      "localhost",
    ].map((host) => `http://${host}:${port}/soup`);
    for (const url of urls) {
      const res = await extract(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/private|local|public/i);
    }
    expect(site.requests).toHaveLength(0);
  });

  it("cuts off oversized and slow pages and refuses a gzip bomb, never with a 500", async () => {
    const extract = await importer();
    const huge = await extract(site.page("/huge", page("<p>" + "x".repeat(6 * 1024 * 1024) + "</p>")));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/5 MB/);
    const bomb = await extract(
      site.page("/bomb", { headers: { "content-encoding": "gzip" }, body: gzipSync(Buffer.alloc(64 * 1024 * 1024, " ")) }),
    );
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toMatch(/5 MB/);
    const image = await extract(
      site.page("/photo", { headers: { "content-type": "image/png" }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }),
    );
    expect(image.statusCode).toBe(400);
    const missing = await extract(site.url("/nowhere"));
    expect(missing.statusCode).toBe(502);
    expect(missing.json().message).toMatch(/404/);
  });

  it("logs a site's failure as a warning without a stack, not as an error", async () => {
    const logsBefore = t.logs.length;
    const missing = await (await importer())(site.url("/gone"));
    expect(missing.statusCode).toBe(502);
    const lines = t.logs.slice(logsBefore).map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const warning = lines.find((line) => line.msg === "outside failure");
    expect(warning).toMatchObject({ level: 40, code: "BAD_GATEWAY", message: missing.json().message });
    expect(JSON.stringify(warning)).not.toMatch(/stack|at .*\.ts/);
  });

  it("parses at most ANSWER_INGREDIENTS of a page's lines: recipes past them are left out, the first whole", async () => {
    // The reviewer's page: 100 recipes sharing by @id one list of 300 lines of 500 characters.
    const lines = Array.from({ length: 300 }, (_, i) => `1 x ${String(i).padStart(496, "7")}`);
    const recipes = Array.from({ length: 100 }, (_, i) => ({
      "@type": "Recipe",
      name: `Shared ${i}`,
      recipeIngredient: { "@id": "#list" },
      recipeInstructions: ["Mix."],
    }));
    const html = page("", jsonLd({ "@context": "https://schema.org", "@graph": [{ "@id": "#list", name: lines }, ...recipes] }));
    const res = await (await importer())(site.page("/shared-list", html));
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { count: number; recipes: { title: string; ingredients: unknown[] }[] };
    expect(answer.recipes[0]?.ingredients).toHaveLength(300);
    const parsed = answer.recipes.reduce((sum, r) => sum + r.ingredients.length, 0);
    expect(parsed).toBeLessThanOrEqual(ANSWER_INGREDIENTS.lines);
    expect(parsed * 500).toBeLessThanOrEqual(ANSWER_INGREDIENTS.characters);
    expect(answer.count).toBe(answer.recipes.length);
    // 300 lines of 500 characters take most of the characters: one recipe, not a hundred, and the rest are told.
    expect(answer.recipes.map((r) => r.title)).toEqual(["Shared 0"]);
    expect(res.json()).toMatchObject({ leftOut: 99 });
  });

  it("gives up on a page that takes longer than its time limit with a 504", async () => {
    const { caller, ctx } = callerFor(t, await createUser(t, { isPro: true }));
    // The real fetcher with a 50 ms limit in place of its 10 s one; the page is held far longer, so a 504 is the limit.
    ctx.clients = { ...ctx.clients, fetchPage: (url) => fetchPage(url, { allowPrivateNetwork: true, timeoutMs: 50 }) };
    const error = await caller.extraction
      .fromUrl({ url: site.page("/slow", { body: page(""), delayMs: 60_000 }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(504);
    expect((error as TRPCError).message).toMatch(/did not answer within 0.05 seconds/);
  });

  it("counts imports per user: the 61st in an hour answers 429", async () => {
    const extract = await importer();
    const url = site.page("/limit", page("", jsonLd(soup)));
    // Parallel waves, each of as many as one person may have running at once.
    const answers = [];
    for (let sent = 0; sent < 61; sent += IMPORTS_AT_ONCE)
      answers.push(...(await Promise.all(Array.from({ length: Math.min(IMPORTS_AT_ONCE, 61 - sent) }, () => extract(url)))));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(answers.find((r) => r.statusCode === 429)?.json().message).toMatch(/^Too many recipe imports\. Try again in/);
  });

  it(`runs ${IMPORTS_AT_ONCE} imports of one person's at once and refuses a third with 429, counting it as no import`, async () => {
    const extract = await importer();
    const other = await importer();
    const slow = site.page("/slow-soup", { body: page("", jsonLd(soup)), delayMs: 1_500 });
    const answers = await Promise.all([extract(slow), extract(slow), extract(slow), other(slow)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toBe("An import you started is still finishing; try again in a few seconds.");
    expect(answers[3]!.statusCode).toBe(200);
    expect((await extract(slow)).statusCode).toBe(200);
  });

  it("gives the import back when the page reader is too busy to take it (503)", { timeout: 60_000 }, async () => {
    const { cookie, id } = await createUser(t, { isPro: true });
    // Every worker busy and every place in the queue taken, by pages that take a while to read, while the page is
    // fetched: taken earlier, they could be read before the request (its session, its limit, the fetch) reached the reader.
    const heavy = headingsPage(300_000);
    let busy: Promise<unknown>[] = [];
    const url = site.page("/busy", {
      body: page("", jsonLd(soup)),
      onRequest: () => (busy = Array.from({ length: HTML_WORKERS + HTML_LIMITS.queued }, () => readHtml(heavy, url))),
    });
    const refused = await t.app.inject({ method: "POST", url: "/api/recipes/extract-from-url", headers: { cookie }, payload: { url } });
    await Promise.all(busy);
    expect(refused.statusCode).toBe(503);
    const spent = await t.deps.db.selectFrom("rateLimits").select("count").where("key", "=", `extraction:user:${id}`).executeTakeFirst();
    expect(spent?.count ?? 0).toBe(0);
  });
});

describe("an import whose client hangs up", () => {
  let origin = "";
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  // Well under the fetch's own 10 s cap, which would otherwise be what ends the fetches and lets their places go.
  it("stops fetching the page and gives its place back, so the cook's next imports run", { timeout: 8_000 }, async () => {
    const { cookie } = await createUser(t, { isPro: true });
    const fetches: Promise<void>[] = [];
    let allArrived = () => {};
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    const slow = site.page("/never-soup", {
      body: page("", jsonLd(soup)),
      delayMs: 60_000,
      onRequest: (res) => {
        fetches.push(new Promise((resolve) => res.once("close", resolve)));
        if (fetches.length === IMPORTS_AT_ONCE) allArrived();
      },
    });
    // The web app's way (tRPC) and the documented REST path, each left by its client once the page is being fetched.
    const paths = ["/trpc/extraction.fromUrl", "/api/recipes/extract-from-url"];
    const clients = Array.from({ length: IMPORTS_AT_ONCE }, () => new AbortController());
    for (const [i, client] of clients.entries()) {
      fetch(`${origin}${paths[i % paths.length]}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: slow }),
        signal: client.signal,
      }).catch(() => {});
    }
    await arrived;
    const extract = (url: string) =>
      t.app.inject({ method: "POST", url: "/api/recipes/extract-from-url", headers: { cookie }, payload: { url } });
    const quick = site.page("/quick-soup", page("", jsonLd(soup)));
    expect((await extract(quick)).statusCode).toBe(429);

    for (const client of clients) client.abort();
    await Promise.all(fetches);
    await vi.waitFor(async () => {
      const answers = await Promise.all(Array.from({ length: IMPORTS_AT_ONCE }, () => extract(quick)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(IMPORTS_AT_ONCE).fill(200));
    });
  });
});

describe("saving an imported recipe", () => {
  const read = {
    title: "Tomato Soup",
    ingredients: [{ name: "tomatoes", quantity: 2, unit: "tin", original: "2 x 400g tins tomatoes" }],
    instructions: "Simmer.\nBlend.",
    servings: 4,
  };

  async function save(extraction: unknown, recipe: Record<string, unknown> = read) {
    const user = await createUser(t, { isPro: true });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/recipes",
      headers: { cookie: user.cookie },
      payload: { ...recipe, extraction },
    });
    const feedback = await t.deps.db.selectFrom("extractionFeedback").selectAll().where("userId", "=", user.id).execute();
    return { res, feedback };
  }

  it("keeps what the import read and what the cook changed", async () => {
    const extraction = { sourceType: "url", sourceUrl: "https://recipes.example/soup", originalExtraction: read };
    const { res, feedback } = await save(extraction, { ...read, title: "Smoky Tomato Soup", servings: 6 });
    expect(res.statusCode).toBe(201);
    expect(feedback).toEqual([
      expect.objectContaining({
        recipeId: res.json().id,
        sourceType: "url",
        sourceUrl: "https://recipes.example/soup",
        originalExtraction: expect.objectContaining({ title: "Tomato Soup", servings: 4 }),
        userCorrections: { title: "Smoky Tomato Soup", servings: 6 },
      }),
    ]);
  });

  it("keeps no feedback when the recipe is saved as read, or not from an import", async () => {
    expect((await save({ sourceType: "url", sourceUrl: null, originalExtraction: read })).feedback).toEqual([]);
    expect((await save(undefined)).feedback).toEqual([]);
  });

  it("refuses a malformed import record with 400 and saves nothing", async () => {
    const user = await createUser(t, { isPro: true });
    for (const extraction of [
      { sourceType: "fax", originalExtraction: read },
      { sourceType: "url", originalExtraction: { title: "a\u0000" } },
      "x",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/recipes",
        headers: { cookie: user.cookie },
        payload: { ...read, extraction },
      });
      expect(res.statusCode).toBe(400);
    }
    const rows = await t.deps.db.selectFrom("recipes").select("id").where("householdId", "=", user.householdId).execute();
    expect(rows).toEqual([]);
  });
});
