import type { BrowserContext, Page } from "playwright-core";
import type { RecipeInput } from "../packages/domain/src/index";
import { expect, inject } from "vitest";
import { uniqueEmail } from "./browser";

/**
 * Test data made straight in the database through the fixture API of e2e/test-server.ts, so suites never spend the
 * signup or login limits. Only the signup and login tests go through those screens.
 */

async function fixture<T>(method: "POST" | "DELETE", path: string, body: object = {}): Promise<T> {
  const response = await fetch(`${inject("fixtureURL")}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`fixture ${method} ${path} failed: ${response.status} ${JSON.stringify(answer)}`);
  return answer as T;
}

export interface NewUser {
  firstName: string;
  lastName?: string;
  email?: string;
  role?: "user" | "admin";
  isPro?: boolean;
  isBetaTester?: boolean;
  /** A Pro trial with 14 days left. */
  trial?: boolean;
  /** For screens that ask for it again (deleting the account); the login screen is still skipped. */
  password?: string;
  /** Stored as given, as an older release could have stored it (the API takes icon names only). */
  profileImageUrl?: string;
}

export interface FixtureUser {
  userId: string;
  email: string;
  /** The raw session token (the kim_session cookie's value). */
  token: string;
}

/** Creates a user (without a password unless given: the screens are reached by the session) with a live session. */
export function createUser(user: NewUser): Promise<FixtureUser> {
  return fixture<FixtureUser>("POST", "/users", {
    lastName: "Cook",
    ...user,
    email: user.email ?? uniqueEmail(user.firstName.toLowerCase().replace(/[^a-z0-9]+/g, "") || "cook"),
  });
}

/** Puts the session cookie the app would set into the page's context (requests from page.request share it). */
export async function setSessionCookie(context: BrowserContext, token: string): Promise<void> {
  const { hostname } = new URL(inject("baseURL"));
  await context.addCookies([{ name: "kim_session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
}

/** Creates a user and signs the page in as them, skipping the login screen. */
export async function signInAs(page: Page, user: NewUser): Promise<{ email: string; userId: string }> {
  const created = await createUser(user);
  await setSessionCookie(page.context(), created.token);
  return { email: created.email, userId: created.userId };
}

/** Sets a user's Pro flag in the database; the pages they have open still show what they loaded. */
export async function setPro(userId: string, isPro: boolean): Promise<void> {
  await fixture("POST", "/users/pro", { userId, isPro });
}

/** A new session for an existing user, set on the page: "signing in again" without the login screen. */
export async function signInAgain(page: Page, userId: string): Promise<void> {
  const { token } = await fixture<{ token: string }>("POST", "/sessions", { userId });
  await setSessionCookie(page.context(), token);
}

/** Ends every session of a user, as an expiry would; the browser keeps its now useless cookie. */
export async function endSessions(userId: string): Promise<void> {
  await fixture("DELETE", "/sessions", { userId });
}

export interface IngredientRow {
  name: string;
  quantity?: number;
  unit?: string;
  category?: string;
  /** yyyy-MM-dd or null */
  expirationDate?: string | null;
  notes?: string | null;
}

/** Inserts ingredients for a user in one statement; answers their ids in order. */
export async function addIngredients(userId: string, rows: IngredientRow[]): Promise<string[]> {
  const { ids } = await fixture<{ ids: string[] }>("POST", "/ingredients", { userId, rows });
  return ids;
}

export interface StockEventRow {
  name: string;
  category: string;
  kind: "wasted" | "used";
  /** How many days before now it happened. */
  daysAgo?: number;
}

/** Records a history of wasted and used items for a user, as Kim records them when they happen. */
export async function addStockEvents(userId: string, rows: StockEventRow[]): Promise<void> {
  await fixture("POST", "/stock-events", { userId, rows });
}

/** The path of the unsubscribe link a user's expiry mail carries. */
export async function unsubscribeLink(userId: string): Promise<string> {
  const { url } = await fixture<{ url: string }>("POST", "/expiry-mail/link", { userId });
  return url;
}

/** A user's expiry mail setting as stored. */
export function expiryMailSetting(userId: string): Promise<{ expiryMail: boolean; timeZone: string | null }> {
  return fixture("POST", "/expiry-mail/settings", { userId });
}

/** Switches the Open Food Facts stand-in: "down" (Kim answers 502), "slow" (504), "ok". */
export async function setOpenFoodFacts(mode: "ok" | "down" | "slow"): Promise<void> {
  await fixture("POST", "/open-food-facts", { mode });
}

/** Forgets every cached Open Food Facts answer, so the next lookup asks the stand-in. */
export async function forgetBarcodeProducts(): Promise<void> {
  await fixture("DELETE", "/barcode-products");
}

/** Records a code as unknown to Open Food Facts (Kim answers 404 Product not found). */
export async function barcodeNotFound(code: string): Promise<void> {
  await fixture("POST", "/barcode-products/not-found", { code });
}

/** A recipe as the API takes it (title, ingredients and instructions required; the rest defaults as on POST /api/recipes). */
export type RecipeRow = Pick<RecipeInput, "title" | "ingredients" | "instructions"> & Partial<RecipeInput>;

/** Inserts recipes for a user in one statement, through the API's schema; answers their ids in order. */
export async function addRecipes(userId: string, rows: RecipeRow[]): Promise<string[]> {
  const { ids } = await fixture<{ ids: string[] }>("POST", "/recipes", { userId, rows });
  return ids;
}

/**
 * Publishes a page on the local recipe website (Kim may fetch it: FETCH_ALLOW_PRIVATE_NETWORK), answered after
 * `delayMs` when given, as a slow site would; answers its URL.
 */
export async function publishRecipePage(path: string, html: string, options: { delayMs?: number } = {}): Promise<string> {
  const { url } = await fixture<{ url: string }>("POST", "/recipe-site/pages", { path, html, ...options });
  return url;
}

/** The URL of a path on the local recipe website, e.g. a saved real page at /saved/<host>/<name>. */
export async function recipeSiteUrl(path: string): Promise<string> {
  const { url } = await fixture<{ url: string }>("POST", "/recipe-site/url", { path });
  return url;
}

export interface ExtractionFeedbackRow {
  recipeId: string;
  sourceType: string;
  sourceUrl: string | null;
  originalExtraction: Record<string, unknown>;
  userCorrections: Record<string, unknown>;
}

/** What Kim kept of a user's imports that were corrected before saving, oldest first. */
export function extractionFeedback(userId: string): Promise<ExtractionFeedbackRow[]> {
  return fixture<ExtractionFeedbackRow[]>("POST", "/extraction-feedback/list", { userId });
}

/**
 * The mails Kim sent to `to` through Postmark's client, as the Postmark stand-in received them, oldest first, once
 * there is one (10 s at most): the outbox sends after the request that queued the mail has answered.
 */
export async function postmarkMails(to: string): Promise<{ token: string; subject: string; text: string }[]> {
  const mails = () => fixture<{ token: string; subject: string; text: string }[]>("POST", "/postmark/mails", { to });
  await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return await mails();
}

/**
 * Makes `member` (signed in on `memberPage`) join the household of the owner signed in on `ownerPage`, through the
 * real paths: the owner's invite, its mail at the Postmark stand-in, the member's join (their own kitchen left behind).
 */
export async function joinHousehold(ownerPage: Page, memberPage: Page, member: { email: string }): Promise<void> {
  const invited = await ownerPage.request.post("/api/household/invites", { data: { email: member.email } });
  if (!invited.ok()) throw new Error(`invite: ${invited.status()} ${await invited.text()}`);
  const [mail] = await postmarkMails(member.email);
  const token = new URL(/https?:\/\/\S+\/household\/join\?token=\S+/.exec(mail!.text)![0]).searchParams.get("token");
  const joined = await memberPage.request.post("/api/household/join", { data: { token, choice: "leave-behind" } });
  if (!joined.ok()) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
}
