import { testDatabaseKind } from "@kim/db/testing";
import { createDb } from "@kim/db";
import { TRIAL_DAYS } from "@kim/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeStandIn } from "../../testing/stripe-stand-in";
import { callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { runLocalTrialHousekeeping } from "./local-trials";
import { stripeClient } from "../../outside/stripe";

const DAY_MS = 24 * 60 * 60 * 1000;
type App = TestApp["app"];

const post = (app: App, url: string, cookie: string | undefined, payload?: unknown) =>
  app.inject({ method: "POST", url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const checkout = (app: App, cookie: string | undefined, plan: unknown) =>
  post(app, "/api/stripe/create-checkout-session", cookie, { plan });
const portal = (app: App, cookie: string | undefined) => post(app, "/api/stripe/create-portal-session", cookie, {});
const me = async (app: App, cookie: string) => (await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
/** A Pro-only path: 403 without Pro access; with it, this bad URL gets as far as a 400. */
const proProbe = async (app: App, cookie: string) =>
  (await post(app, "/api/recipes/extract-from-url", cookie, { url: "not a url" })).statusCode === 400;

describe("local trial mode (no Stripe settings)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("starts the Pro trial at once for 14 days and sends the browser back to /profile; Pro access follows", async () => {
    const { cookie } = await createUser(t);
    expect(await proProbe(t.app, cookie)).toBe(false);
    const before = Date.now();
    const res = await checkout(t.app, cookie, "pro");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${t.deps.config.appUrl}/profile?checkout=success` });
    const user = await me(t.app, cookie);
    expect(user).toMatchObject({ plan: "pro", subscriptionStatus: "trialing", hasProAccess: true });
    // Stripe's ids never reach the browser.
    expect(Object.keys(user).filter((k) => k.startsWith("stripe"))).toEqual([]);
    const ends = new Date(user.trialEndsAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS);
    expect(ends).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY_MS);
    expect(await proProbe(t.app, cookie)).toBe(true);

    // A plan already running: a clear 409, nothing changed.
    const again = await checkout(t.app, cookie, "basic");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already have a plan/);
    expect((await me(t.app, cookie)).plan).toBe("pro");
  });

  it("starts a Basic trial that keeps Basic features only", async () => {
    const { cookie } = await createUser(t);
    expect((await checkout(t.app, cookie, "basic")).statusCode).toBe(200);
    expect(await me(t.app, cookie)).toMatchObject({ plan: "basic", subscriptionStatus: "trialing", hasProAccess: false });
    expect(await proProbe(t.app, cookie)).toBe(false);
  });

  it("answers admins and beta testers 409: they have Pro for free", async () => {
    for (const fields of [{ role: "admin" as const }, { isBetaTester: true }]) {
      const { cookie } = await createUser(t, fields);
      const res = await checkout(t.app, cookie, "pro");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/for free/);
      expect(await me(t.app, cookie)).toMatchObject({ plan: "none", subscriptionStatus: null, hasProAccess: true });
    }
  });

  it("refuses bad input with 400 and signed-out callers with 401, changing nothing", async () => {
    const { cookie } = await createUser(t);
    for (const plan of ["enterprise", "", "pro\u0000", null, 5, ["pro"], undefined]) {
      const res = await checkout(t.app, cookie, plan);
      expect(res.statusCode, JSON.stringify(plan)).toBe(400);
      expect(res.json().message).toMatch(/Plan must be one of basic, pro/);
    }
    expect((await checkout(t.app, undefined, "pro")).statusCode).toBe(401);
    expect((await portal(t.app, undefined)).statusCode).toBe(401);
    expect(await me(t.app, cookie)).toMatchObject({ plan: "none", subscriptionStatus: null });
  });

  it("starts one trial when a user sends many checkouts at once", async () => {
    const { cookie } = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => checkout(t.app, cookie, i % 2 ? "pro" : "basic")));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it("opens Kim's own manage page as the portal, where the plan is switched or cancelled", async () => {
    const user = await createUser(t);
    expect((await portal(t.app, user.cookie)).statusCode).toBe(409);
    await checkout(t.app, user.cookie, "basic");
    expect((await portal(t.app, user.cookie)).json()).toEqual({ url: `${t.deps.config.appUrl}/billing` });

    const session = await me(t.app, user.cookie);
    const { caller } = callerFor(t, { ...session, pastDueSince: null, trialEndsAt: new Date(session.trialEndsAt) });
    await caller.billing.switchPlan({ plan: "pro" });
    const switched = await me(t.app, user.cookie);
    expect(switched).toMatchObject({ plan: "pro", subscriptionStatus: "trialing", hasProAccess: true, trialEndsAt: session.trialEndsAt });

    await caller.billing.cancel();
    expect(await me(t.app, user.cookie)).toMatchObject({ plan: "pro", subscriptionStatus: "canceled", hasProAccess: false });
    expect(await proProbe(t.app, user.cookie)).toBe(false);
    await expect(caller.billing.cancel()).rejects.toThrow(/no subscription to manage/);
    await expect(caller.billing.switchPlan({ plan: "basic" })).rejects.toThrow(/no subscription to manage/);
    expect((await portal(t.app, user.cookie)).statusCode).toBe(409);

    // Once canceled, the trial stays used: no second one (decision 0026).
    const again = await checkout(t.app, user.cookie, "pro");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/free trial has been used/);
  });

  it("gives one trial per account: after an expiry, checkout starts none, whatever the plan", async () => {
    const user = await createUser(t);
    expect((await checkout(t.app, user.cookie, "pro")).statusCode).toBe(200);
    const { trialEndsAt } = await me(t.app, user.cookie);
    await runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, new Date(new Date(trialEndsAt).getTime() + 1000));
    expect(await me(t.app, user.cookie)).toMatchObject({ subscriptionStatus: "canceled", hasProAccess: false });

    for (const plan of ["pro", "basic"]) {
      const res = await checkout(t.app, user.cookie, plan);
      expect(res.statusCode, plan).toBe(409);
      expect(res.json().message).toBe(
        "Your 14-day free trial has been used. This Kim server takes no payments, so ask its administrator for Pro access.",
      );
    }
    expect(await me(t.app, user.cookie)).toMatchObject({ plan: "pro", subscriptionStatus: "canceled", trialEndsAt, hasProAccess: false });
  });

  it("changes only the caller's own plan", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await checkout(t.app, owner.cookie, "pro");
    const { caller } = callerFor(t, { ...other, pastDueSince: null });
    await expect(caller.billing.cancel()).rejects.toThrow(/no subscription to manage/);
    expect(await me(t.app, owner.cookie)).toMatchObject({ plan: "pro", subscriptionStatus: "trialing" });
  });

  it("loses Pro access the moment the trial ends, then housekeeping marks it canceled; a warning mail goes 3 days before, once", async () => {
    const user = await createUser(t, { email: `trial-${Date.now()}@example.com`, firstName: "Tia" });
    await checkout(t.app, user.cookie, "pro");
    const row = await t.deps.db.selectFrom("users").select(["trialEndsAt"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    const ends = row.trialEndsAt!.getTime();
    const mailsTo = () => t.deps.db.selectFrom("emailOutbox").select(["subject", "textBody"]).where("toAddress", "=", user.email).execute();

    // 4 days before the end: no warning yet.
    await runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, new Date(ends - 4 * DAY_MS));
    expect(await mailsTo()).toEqual([]);
    // 3 days before, twice (two processes' rounds, or two hours): one mail.
    const threeDaysBefore = new Date(ends - 3 * DAY_MS + 60_000);
    const rounds = await Promise.all([
      runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, threeDaysBefore),
      runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, threeDaysBefore),
    ]);
    expect(rounds.reduce((n, r) => n + r.warned, 0)).toBeGreaterThanOrEqual(1);
    await runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, new Date(ends - DAY_MS));
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your Kim Pro trial ends in 3 days");
    expect(mails[0]!.textBody).toContain("Hi Tia,");
    expect(mails[0]!.textBody).toContain(`${t.deps.config.appUrl}/profile`);

    // Past the end, before housekeeping: the clock alone ends Pro access.
    const session = await me(t.app, user.cookie);
    const afterEnd = () => new Date(ends + 1000);
    const { caller } = callerFor(t, { ...session, pastDueSince: null, trialEndsAt: new Date(session.trialEndsAt) }, { now: afterEnd });
    await expect(caller.extraction.fromUrl({ url: "https://example.com/soup" })).rejects.toThrow(/Pro feature/);

    const ended = await runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, afterEnd());
    expect(ended.ended).toBeGreaterThanOrEqual(1);
    expect(await me(t.app, user.cookie)).toMatchObject({ plan: "pro", subscriptionStatus: "canceled", hasProAccess: false });
    expect(await mailsTo()).toHaveLength(1);
  });

  it("writes the trial's end in the warning mail on the cook's saved clock, else in UTC, naming the zone", async () => {
    // Long past, so the round warns and ends no trial of the other tests (theirs end 14 days from the real now).
    const ends = new Date("2026-03-02T03:31:15Z");
    const trialist = async (timeZone: string | null) => {
      const user = await createUser(t, { plan: "pro", subscriptionStatus: "trialing", trialEndsAt: ends });
      if (timeZone) await t.deps.db.insertInto("userSettings").values({ userId: user.id, timeZone }).execute();
      return user.email;
    };
    const inNewYork = await trialist("America/New_York");
    const noZone = await trialist(null);
    // A zone saved once that this runtime no longer knows.
    const unknownZone = await trialist("Mars/Olympus");
    await runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, new Date(ends.getTime() - 2 * DAY_MS));
    const mailTo = async (email: string) =>
      (await t.deps.db.selectFrom("emailOutbox").select("textBody").where("toAddress", "=", email).executeTakeFirstOrThrow()).textBody;
    expect(await mailTo(inNewYork)).toContain("ends on Sunday, March 1, 2026 at 10:31 PM (America/New_York).");
    expect(await mailTo(noZone)).toContain("ends on Monday, March 2, 2026 at 3:31 AM (UTC).");
    expect(await mailTo(unknownZone)).toContain("ends on Monday, March 2, 2026 at 3:31 AM (UTC).");
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "sends the warning once when two processes' housekeeping runs at the same moment (PostgreSQL only)",
    async () => {
      const second = createDb({ databaseUrl: t.databaseUrl, dataDir: "" });
      try {
        const users = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
        for (const u of users) await checkout(t.app, u.cookie, "pro");
        const at = new Date(Date.now() + (TRIAL_DAYS - 2.5) * DAY_MS);
        const [a, b] = await Promise.all([
          runLocalTrialHousekeeping(t.deps.db, t.deps.config.appUrl, at),
          runLocalTrialHousekeeping(second.db, t.deps.config.appUrl, at),
        ]);
        const emails = users.map((u) => u.email);
        const queued = await t.deps.db.selectFrom("emailOutbox").select("toAddress").where("toAddress", "in", emails).execute();
        expect(queued.map((m) => m.toAddress).sort()).toEqual([...emails].sort());
        expect(a.warned + b.warned).toBeGreaterThanOrEqual(10);
      } finally {
        await second.close();
      }
    },
  );

  it("has no webhook: the path answers 404 without Stripe settings", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      payload: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Stripe is not configured/);
  });
});

describe("with Stripe (official client against the local stand-in)", () => {
  const stripe = stripeStandIn();
  let t: TestApp;
  beforeAll(async () => {
    await stripe.start();
    t = await createTestApp({ stripe: stripe.config() });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  const deliverSigned = (event: ReturnType<typeof stripe.event>) => {
    const { payload, headers } = stripe.signed(event);
    return t.app.inject({ method: "POST", url: "/api/stripe/webhook", payload, headers });
  };

  it("opens Checkout for either plan with a 14-day trial and no card up front, for one Stripe customer reused", async () => {
    const user = await createUser(t);
    stripe.requests.length = 0;
    const urls: string[] = [];
    for (const plan of ["basic", "pro"] as const) {
      const res = await checkout(t.app, user.cookie, plan);
      expect(res.statusCode).toBe(200);
      urls.push(res.json().url);
    }
    expect(urls[0]).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const customerCalls = stripe.requests.filter((r) => r.path === "/v1/customers");
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0]).toMatchObject({
      params: { email: user.email, "metadata[userId]": user.id },
      authorization: "Bearer sk_test_kim",
    });
    const stored = await t.deps.db.selectFrom("users").select("stripeCustomerId").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.stripeCustomerId).toMatch(/^cus_/);

    const sessionCalls = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(sessionCalls.map((r) => r.params["line_items[0][price]"])).toEqual(["price_kim_basic_test", "price_kim_pro_test"]);
    for (const call of sessionCalls) {
      expect(call.params).toMatchObject({
        mode: "subscription",
        customer: stored.stripeCustomerId,
        client_reference_id: user.id,
        payment_method_collection: "if_required",
        "subscription_data[trial_period_days]": "14",
        "subscription_data[trial_settings][end_behavior][missing_payment_method]": "cancel",
        "line_items[0][quantity]": "1",
        success_url: `${t.deps.config.appUrl}/profile?checkout=success`,
        cancel_url: `${t.deps.config.appUrl}/pricing`,
      });
    }
    // Checkout alone changes no plan: the webhook does, once Stripe says so.
    expect(await me(t.app, user.cookie)).toMatchObject({ plan: "none", subscriptionStatus: null });
  });

  it("gives one trial per customer: once a subscription had its trial, a later checkout pays at once", async () => {
    const user = await createUser(t);
    const first = await checkout(t.app, user.cookie, "pro");
    const { subscription } = stripe.completeCheckout(first.json().url.split("/").at(-1));
    await deliverSigned(stripe.event("customer.subscription.created", subscription));
    const canceled = stripe.updateSubscription(subscription.id, { status: "canceled" });
    await deliverSigned(stripe.event("customer.subscription.deleted", canceled));
    expect(await me(t.app, user.cookie)).toMatchObject({ subscriptionStatus: "canceled", hasProAccess: false });

    stripe.requests.length = 0;
    const second = await checkout(t.app, user.cookie, "pro");
    expect(second.statusCode).toBe(200);
    const [call] = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(call!.params).toMatchObject({ mode: "subscription", "subscription_data[metadata][userId]": user.id });
    const trialParams = Object.keys(call!.params).filter((k) => k.includes("trial") || k === "payment_method_collection");
    expect(trialParams).toEqual([]);
    // Stripe starts the new subscription without a trial.
    const { subscription: paid } = stripe.completeCheckout(second.json().url.split("/").at(-1));
    expect(paid).toMatchObject({ status: "active", trial_end: null });
  });

  const sessionCalls = () => stripe.requests.filter((r) => r.path === "/v1/checkout/sessions");
  const carriesTrial = (call: { params: Record<string, string> }) => call.params["subscription_data[trial_period_days]"] === "14";
  const sessionId = (res: { json(): { url: string } }) => res.json().url.split("/").at(-1)!;

  it("starts one trial from two checkouts opened at once: the other offers none, or is closed", async () => {
    const user = await createUser(t);
    stripe.requests.length = 0;
    const answers = await Promise.all([checkout(t.app, user.cookie, "pro"), checkout(t.app, user.cookie, "pro")]);
    // The second is refused while the first's session is being made, or closes the first once it is.
    // Either may be the second to arrive.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(answers.map((r) => r.statusCode).sort());
    const completed = answers.flatMap((r) => {
      try {
        return [stripe.completeCheckout(sessionId(r)).subscription.status];
      } catch {
        return []; // expired by the other checkout, which took the trial over
      }
    });
    expect(completed.filter((status) => status === "trialing")).toHaveLength(1);
    expect(sessionCalls().filter(carriesTrial).length).toBeGreaterThanOrEqual(1);
  });

  it("offers the trial again when the cook goes back and opens checkout again, closing the first one", async () => {
    const user = await createUser(t);
    const first = await checkout(t.app, user.cookie, "basic");
    stripe.requests.length = 0;
    const again = await checkout(t.app, user.cookie, "pro");
    expect(sessionCalls().map(carriesTrial)).toEqual([true]);
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId(first)}/expire`)).toHaveLength(1);
    expect(() => stripe.completeCheckout(sessionId(first))).toThrow(/expired, not open/);
    expect(stripe.completeCheckout(sessionId(again)).subscription.status).toBe("trialing");
  });

  it("holds paid checkouts too: after the trial, a second checkout closes the first, so one subscription can start", async () => {
    const user = await createUser(t, { trialUsedAt: new Date() });
    const first = await checkout(t.app, user.cookie, "pro");
    stripe.requests.length = 0;
    const second = await checkout(t.app, user.cookie, "pro");
    expect(second.statusCode).toBe(200);
    expect(sessionCalls().map(carriesTrial)).toEqual([false]);
    expect(() => stripe.completeCheckout(sessionId(first))).toThrow(/expired, not open/);
    const { subscription } = stripe.completeCheckout(sessionId(second));
    expect(subscription.status).toBe("active");
    // Completed, and Kim not yet told by the webhook: a third checkout is refused, as the plan is live at Stripe.
    const third = await checkout(t.app, user.cookie, "basic");
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/already have a plan/);
  });

  it("keeps the first checkout's hold when Stripe can't be reached to close it (502), so two can't both complete", async () => {
    const user = await createUser(t, { trialUsedAt: new Date() });
    const first = await checkout(t.app, user.cookie, "pro");
    // Only the expiry fails: a blip, with Stripe otherwise saying the customer has no live subscription.
    stripe.setMode("down", /\/expire$/);
    try {
      expect((await checkout(t.app, user.cookie, "pro")).statusCode).toBe(502);
    } finally {
      stripe.setMode("ok");
    }
    const again = await checkout(t.app, user.cookie, "pro");
    expect(again.statusCode).toBe(200);
    expect(() => stripe.completeCheckout(sessionId(first))).toThrow(/expired, not open/);
  });

  it("creates one customer when a new user starts two checkouts at once", async () => {
    const user = await createUser(t);
    stripe.requests.length = 0;
    const answers = await Promise.all([checkout(t.app, user.cookie, "pro"), checkout(t.app, user.cookie, "pro")]);
    // Either may be the one refused (409: a checkout is already being started), never both.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    for (const status of statuses) expect([200, 409]).toContain(status);
    const created = new Set(stripe.requests.filter((r) => r.path === "/v1/customers").map((r) => r.idempotencyKey));
    expect(created).toEqual(new Set([`kim-customer-${user.id}`]));
    const customers = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").map((r) => r.params.customer);
    expect(new Set(customers).size).toBe(1);
  });

  it("opens the billing portal for the user's customer, and 409 before there is one", async () => {
    const user = await createUser(t);
    expect((await portal(t.app, user.cookie)).statusCode).toBe(409);
    await checkout(t.app, user.cookie, "basic");
    const res = await portal(t.app, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stripe.requests.at(-1)).toMatchObject({
      path: "/v1/billing_portal/sessions",
      params: { return_url: `${t.deps.config.appUrl}/profile` },
    });
  });

  it("answers 502 when Stripe fails and 504 when it is too slow, changing nothing", async () => {
    const user = await createUser(t);
    stripe.setMode("down");
    try {
      const res = await checkout(t.app, user.cookie, "pro");
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Stripe is unavailable/);
      stripe.setMode("slow");
      const { ctx } = callerFor(t, { ...(await me(t.app, user.cookie)), pastDueSince: null });
      const quick = { ...ctx.clients, stripe: stripeClient(stripe.config(), { timeoutMs: 300 }) };
      const { caller: impatient } = callerFor(t, ctx.user, { clients: quick });
      await expect(impatient.billing.createCheckoutSession({ plan: "pro" })).rejects.toMatchObject({ code: "GATEWAY_TIMEOUT" });
    } finally {
      stripe.setMode("ok");
    }
    expect(await me(t.app, user.cookie)).toMatchObject({ plan: "none", subscriptionStatus: null });
    const stored = await t.deps.db.selectFrom("users").select("stripeCustomerId").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.stripeCustomerId).toBeNull();
  }, 20_000);

  it("keeps the local manage page's procedures for local mode only", async () => {
    const user = await createUser(t);
    const { caller } = callerFor(t, { ...(await me(t.app, user.cookie)), pastDueSince: null });
    await expect(caller.billing.cancel()).rejects.toThrow(/billing portal/);
    await expect(caller.billing.switchPlan({ plan: "pro" })).rejects.toThrow(/billing portal/);
  });
});
