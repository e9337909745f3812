/**
 * The Kim app for browser tests, run with tsx as a child process: the real app (buildApp) on PORT, plus a fixture API
 * on FIXTURE_PORT (loopback only) that creates users, sessions and ingredients straight in the database, so suites never
 * spend the signup or login limits. Nothing here is part of the production server: the fixture API exists only in this
 * test entry, which shares the database handle the embedded PGlite allows only one process to open.
 * Mail goes through Postmark's official client to the local Postmark stand-in, which prints each mail it accepts as the
 * console transport would, so tests read links from the server's output either way.
 * Open Food Facts is the local stand-in, started here so the fixture API can take it down for a test. So is a recipe
 * website for URL import: tests publish pages on it through the fixture API, and Kim may fetch from loopback
 * (FETCH_ALLOW_PRIVATE_NETWORK=1, for tests and local use only).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { recipeInput } from "../packages/domain/src/index";
import { createDb, migrateToLatest } from "../packages/db/src/index";
import { buildApp } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";
import { hashPassword } from "../apps/api/src/features/auth/passwords";
import { createSession } from "../apps/api/src/sessions/sessions";
import { unsubscribeToken } from "../apps/api/src/features/expiry-mail/token";
import { consoleTransport, transportFromConfig } from "../apps/api/src/lib/email";
import { openFoodFactsStandIn } from "../apps/api/src/testing/off-stand-in";
import { postmarkStandIn } from "../apps/api/src/testing/postmark-stand-in";
import { recipeSiteStandIn } from "../apps/api/src/testing/recipe-site-stand-in";
import { TEST_PASSWORD_HASHING } from "../apps/api/src/testing/test-app";

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("expected a JSON object");
  return Object.fromEntries(Object.entries(value));
}

function text(body: Json, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || value === "") throw new Error(`${key} must be a non-empty string`);
  return value;
}

function optional<T>(body: Json, key: string, check: (value: unknown) => value is T, fallback: T): T {
  const value = body[key];
  if (value === undefined) return fallback;
  if (!check(value)) throw new Error(`${key} has the wrong type`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === "string";
const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === "string";
const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isOffMode = (v: unknown): v is "ok" | "down" | "slow" => v === "ok" || v === "down" || v === "slow";
const isRole = (v: unknown): v is "user" | "admin" => v === "user" || v === "admin";
const isStockEventKind = (v: unknown): v is "wasted" | "used" => v === "wasted" || v === "used";

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function main(): Promise<void> {
  const off = openFoodFactsStandIn();
  const recipeSite = recipeSiteStandIn();
  await recipeSite.start();
  const printMail = consoleTransport();
  const postmark = postmarkStandIn(
    ({ body }) => void printMail.send({ to: body.To ?? "", subject: body.Subject ?? "", text: body.TextBody ?? "" }),
  );
  const config = {
    ...loadConfig({
      ...process.env,
      OFF_API_URL: await off.start(),
      FETCH_ALLOW_PRIVATE_NETWORK: "1",
      POSTMARK_SERVER_TOKEN: "e2e-server-token",
      POSTMARK_API_URL: await postmark.start(),
    }),
    passwordHashing: TEST_PASSWORD_HASHING,
  };
  const fixturePort = Number(process.env.FIXTURE_PORT);
  if (!Number.isInteger(fixturePort) || fixturePort <= 0) throw new Error("FIXTURE_PORT must be set");
  // The build's migrated folder, as main.ts uses it (`pnpm test:e2e` builds first): no initdb at each start.
  const pgliteTemplate = new URL("../apps/api/dist/pglite-template", import.meta.url).pathname;
  const handle = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    maxConnections: config.databasePoolSize,
    pgliteTemplate,
  });
  const { db } = handle;
  await migrateToLatest(db);
  const app = await buildApp({ config, db, mailTransport: transportFromConfig(config) });

  const routes: Record<string, (body: unknown) => Promise<unknown>> = {
    "POST /users": async (body) => {
      const input = object(body);
      const email = text(input, "email").toLowerCase();
      const profileImageUrl = optional(input, "profileImageUrl", isString, "");
      const password = optional(input, "password", isString, "");
      // A Pro trial running for 14 more days, as the local mode starts it.
      const trial = optional(input, "trial", isBoolean, false)
        ? {
            plan: "pro" as const,
            subscriptionStatus: "trialing",
            trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
            trialUsedAt: new Date(),
          }
        : {};
      const { id } = await db
        .insertInto("users")
        .values({
          email,
          password: password ? await hashPassword(password, TEST_PASSWORD_HASHING) : null,
          firstName: optional(input, "firstName", isStringOrNull, null),
          lastName: optional(input, "lastName", isStringOrNull, null),
          role: optional(input, "role", isRole, "user"),
          isPro: optional(input, "isPro", isBoolean, false),
          isBetaTester: optional(input, "isBetaTester", isBoolean, false),
          ...(profileImageUrl ? { profileImageUrl } : {}),
          ...trial,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { userId: id, email, token: await createSession(db, id) };
    },
    // Flips a user's Pro flag while their pages stay open, as a lapsed subscription would.
    "POST /users/pro": async (body) => {
      const input = object(body);
      const userId = text(input, "userId");
      const isPro = input.isPro;
      if (!isBoolean(isPro)) throw new Error("isPro must be true or false");
      await db.updateTable("users").set({ isPro }).where("id", "=", userId).execute();
      return { ok: true };
    },
    "POST /sessions": async (body) => {
      const userId = text(object(body), "userId");
      return { token: await createSession(db, userId) };
    },
    // Ends every session of a user, as an expiry would.
    "DELETE /sessions": async (body) => {
      const userId = text(object(body), "userId");
      await db.deleteFrom("sessions").where("userId", "=", userId).execute();
      return { ok: true };
    },
    "POST /ingredients": async (body) => {
      const input = object(body);
      const userId = text(input, "userId");
      const rawRows = input.rows;
      if (!Array.isArray(rawRows)) throw new Error("rows must be an array");
      if (rawRows.length === 0) return { ids: [] };
      const rows = rawRows.map((raw: unknown) => {
        const row = object(raw);
        return {
          householdId: userId,
          createdBy: userId,
          updatedBy: userId,
          name: text(row, "name"),
          quantity: optional(row, "quantity", isNumber, 1),
          unit: optional(row, "unit", isString, "units"),
          category: optional(row, "category", isString, "Other"),
          expirationDate: optional(row, "expirationDate", isStringOrNull, null),
          notes: optional(row, "notes", isStringOrNull, null),
        };
      });
      const inserted = await db.insertInto("ingredients").values(rows).returning("id").execute();
      return { ids: inserted.map((r) => r.id) };
    },
    // Recipes as the API would store them: each row goes through the same schema, defaults included.
    "POST /recipes": async (body) => {
      const input = object(body);
      const userId = text(input, "userId");
      const rows = recipeInput.array().parse(input.rows);
      if (rows.length === 0) return { ids: [] };
      const values = rows.map(({ ingredients, tags, ...recipe }) => ({
        ...recipe,
        householdId: userId,
        createdBy: userId,
        updatedBy: userId,
        ingredients: JSON.stringify(ingredients),
        tags: JSON.stringify(tags),
      }));
      const inserted = await db.insertInto("recipes").values(values).returning("id").execute();
      return { ids: inserted.map((r) => r.id) };
    },
    // A history of what became of a user's stock (for Insights): each row `daysAgo` days before now.
    "POST /stock-events": async (body) => {
      const input = object(body);
      const userId = text(input, "userId");
      const rawRows = input.rows;
      if (!Array.isArray(rawRows) || rawRows.length === 0) throw new Error("rows must be a non-empty array");
      const rows = rawRows.map((raw: unknown) => {
        const row = object(raw);
        const kind = row.kind;
        if (!isStockEventKind(kind)) throw new Error("kind must be wasted or used");
        return {
          householdId: userId,
          createdBy: userId,
          name: text(row, "name"),
          category: text(row, "category"),
          kind,
          reason: kind === "wasted" ? ("deleted" as const) : ("emptied" as const),
          occurredAt: new Date(Date.now() - optional(row, "daysAgo", isNumber, 0) * 86_400_000),
        };
      });
      await db.insertInto("stockEvents").values(rows).execute();
      return { ok: true };
    },
    // The unsubscribe link the expiry mail would carry for a user, signed with this server's secret.
    "POST /expiry-mail/link": async (body) => {
      const userId = text(object(body), "userId");
      return { url: `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config.mailLinkSecret, userId))}` };
    },
    // A user's expiry mail setting as stored.
    "POST /expiry-mail/settings": async (body) => {
      const userId = text(object(body), "userId");
      const row = await db.selectFrom("userSettings").select(["expiryMail", "timeZone"]).where("userId", "=", userId).executeTakeFirst();
      return row ?? { expiryMail: false, timeZone: null };
    },
    // "down" answers 503 (Kim says 502), "slow" outlasts Kim's timeout (504), "ok" serves the stored products.
    "POST /open-food-facts": async (body) => {
      const mode = object(body).mode;
      if (!isOffMode(mode)) throw new Error("mode must be ok, down or slow");
      off.setMode(mode);
      return { mode };
    },
    // Kim caches Open Food Facts' answers: forget them, or record a code as unknown to Open Food Facts.
    "DELETE /barcode-products": async () => {
      await db.deleteFrom("barcodeProducts").execute();
      return { ok: true };
    },
    "POST /barcode-products/not-found": async (body) => {
      const code = text(object(body), "code");
      const row = { code, found: false, name: null, category: null, brand: null, expiresAt: new Date(Date.now() + 86_400_000) };
      await db
        .insertInto("barcodeProducts")
        .values(row)
        .onConflict((oc) =>
          oc.column("code").doUpdateSet({ found: false, name: null, category: null, brand: null, expiresAt: row.expiresAt }),
        )
        .execute();
      return { ok: true };
    },
    // A page on the recipe website stand-in, for URL import; answers its address.
    "POST /recipe-site/pages": async (body) => {
      const input = object(body);
      const pathname = text(input, "path");
      if (!pathname.startsWith("/") || pathname.startsWith("/saved/")) throw new Error("path must start with / and not with /saved/");
      return { url: recipeSite.page(pathname, { body: text(input, "html"), delayMs: optional(input, "delayMs", isNumber, 0) }) };
    },
    // The address of any path on the stand-in, e.g. a saved real page at /saved/<host>/<name>.
    "POST /recipe-site/url": async (body) => ({ url: recipeSite.url(text(object(body), "path")) }),
    // The mails Postmark's stand-in accepted for an address, oldest first.
    "POST /postmark/mails": async (body) => {
      const to = text(object(body), "to");
      return postmark.received
        .filter((mail) => mail.body.To === to)
        .map((mail) => ({ token: mail.token, subject: mail.body.Subject, text: mail.body.TextBody }));
    },
    // What Kim kept of a user's imports that were corrected before saving.
    "POST /extraction-feedback/list": async (body) => {
      const userId = text(object(body), "userId");
      return db
        .selectFrom("extractionFeedback")
        .select(["recipeId", "sourceType", "sourceUrl", "originalExtraction", "userCorrections"])
        .where("userId", "=", userId)
        .orderBy("createdAt")
        .execute();
    },
  };

  const fixtures = createServer((req, res) => {
    const route = routes[`${req.method} ${req.url}`];
    if (!route) return send(res, 404, { message: "no such fixture" });
    readJson(req)
      .then(route)
      .then((result) => send(res, 200, result))
      .catch((err: unknown) => send(res, 400, { message: err instanceof Error ? err.message : String(err) }));
  });

  const stop = async () => {
    fixtures.close();
    await app.close();
    await handle.close();
    await off.stop();
    await recipeSite.stop();
    await postmark.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());

  await new Promise<void>((resolve) => fixtures.listen(fixturePort, "127.0.0.1", resolve));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
