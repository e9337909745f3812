import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { StripeConfig } from "../config";

export const STAND_IN_PRICES = { basic: "price_kim_basic_test", pro: "price_kim_pro_test" } as const;
export const STAND_IN_WEBHOOK_SECRET = "whsec_kim_stand_in";
const PRICE_CENTS: Record<string, number> = { [STAND_IN_PRICES.basic]: 599, [STAND_IN_PRICES.pro]: 1299 };
const DAY_S = 24 * 60 * 60;

export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as Stripe's client sends it, keys flattened ("line_items[0][price]"). */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** A subscription as Stripe's API answers it (the fields Kim reads, and the ones around them). */
export interface StandInSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  created: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: "list";
    has_more: false;
    url: string;
    data: {
      id: string;
      object: "subscription_item";
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: "price"; currency: "usd"; unit_amount: number; recurring: { interval: "month"; interval_count: 1 } };
    }[];
  };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * A stand-in for Stripe's API on loopback, answering the calls Kim makes in Stripe's shapes: customers (idempotency
 * keys honoured), Checkout Sessions, billing portal sessions, and subscriptions retrieve. Tests play Stripe's part
 * too: `completeCheckout` turns a session into a trialing subscription, `updateSubscription` moves it on, and
 * `signedEvent` builds an event with the header Stripe would send, signed by the official client's own test helper.
 * `mode` simulates an outage (500) or a hang, of every call or of the calls whose path matches `only`.
 */
export function stripeStandIn() {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, string>();
  const sessions = new Map<string, Record<string, unknown> & { id: string; customer: string; price: string; trialDays: number }>();
  const subscriptions = new Map<string, StandInSubscription>();
  const signer = new Stripe("sk_test_stand_in");
  let mode: "ok" | "down" | "slow" = "ok";
  let only: RegExp | null = null;
  let eventCounter = 0;
  let baseUrl = "";

  function answer(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  }

  function missing(res: ServerResponse, what: string, id: string): void {
    answer(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } });
  }

  function handle(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): void {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    const key = req.headers["idempotency-key"];
    const record = { method: req.method ?? "", path, params, idempotencyKey: typeof key === "string" ? key : undefined };
    requests.push({ ...record, authorization: req.headers.authorization });
    const affected = only === null || only.test(path);
    if (mode === "slow" && affected) return void setTimeout(() => answer(res, 200, {}), 30_000);
    if (mode === "down" && affected) return answer(res, 500, { error: { type: "api_error", message: "Stand-in outage" } });
    if (!req.headers.authorization?.startsWith("Bearer sk_")) {
      return answer(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }

    const idempotencyKey = key && req.method === "POST" ? `${path} ${String(key)}` : null;
    const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      res.writeHead(200, { "content-type": "application/json", "idempotent-replayed": "true" });
      return void res.end(replay);
    }
    const remember = (body: unknown) => {
      if (idempotencyKey) idempotent.set(idempotencyKey, JSON.stringify(body));
      answer(res, 200, body);
    };

    if (req.method === "POST" && path === "/v1/customers") {
      const customer = { id: newId("cus"), object: "customer", email: params.email ?? null, metadata: metadataOf(params) };
      customers.set(customer.id, customer);
      return remember(customer);
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const customer = params.customer ?? "";
      if (!customers.has(customer)) return missing(res, "customer", customer);
      const price = params["line_items[0][price]"] ?? "";
      if (!(price in PRICE_CENTS)) return missing(res, "price", price);
      const id = newId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: params.mode ?? "payment",
        status: "open",
        customer,
        client_reference_id: params.client_reference_id ?? null,
        subscription: null,
        success_url: params.success_url ?? null,
        cancel_url: params.cancel_url ?? null,
        payment_method_collection: params.payment_method_collection ?? "always",
        expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 60 * 60),
        url: `https://checkout.stripe.com/c/pay/${id}`,
        price,
        trialDays: Number(params["subscription_data[trial_period_days]"] ?? 0),
      };
      sessions.set(id, session);
      return remember(session);
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)?.[1];
    if (req.method === "POST" && expiring) {
      const session = sessions.get(expiring);
      if (!session) return missing(res, "checkout.session", expiring);
      if (session.status !== "open") {
        const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`;
        return answer(res, 400, { error: { type: "invalid_request_error", message } });
      }
      session.status = "expired";
      return remember({ ...session });
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = params.customer ?? "";
      if (!customers.has(customer)) return missing(res, "customer", customer);
      const id = newId("bps");
      return remember({
        id,
        object: "billing_portal.session",
        customer,
        return_url: params.return_url ?? null,
        url: `https://billing.stripe.com/p/session/test_${id}`,
      });
    }
    // A customer's subscriptions, as Stripe lists them by default: every status but canceled.
    if (req.method === "GET" && path === "/v1/subscriptions") {
      const data = [...subscriptions.values()].filter((s) => s.customer === params.customer && s.status !== "canceled");
      return answer(res, 200, { object: "list", url: path, has_more: false, data });
    }
    const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
    if (req.method === "GET" && subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      return subscription ? answer(res, 200, subscription) : missing(res, "subscription", subscriptionId);
    }
    // Cancelling at once, as Stripe's DELETE /v1/subscriptions/{id} does.
    if (req.method === "DELETE" && subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) return missing(res, "subscription", subscriptionId);
      subscription.status = "canceled";
      return answer(res, 200, subscription);
    }
    answer(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const form = new URLSearchParams(req.method === "GET" ? url.search : Buffer.concat(chunks).toString());
      handle(req, res, Object.fromEntries(form));
    });
  });

  /** What Stripe does when the customer finishes Checkout: a subscription for the session's price, in its trial. */
  function completeCheckout(sessionId: string, at = new Date()) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`checkout session ${sessionId} is ${String(session.status)}, not open`);
    const start = Math.floor(at.getTime() / 1000);
    const trialEnd = session.trialDays > 0 ? start + session.trialDays * DAY_S : null;
    const subscription: StandInSubscription = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: trialEnd ? "trialing" : "active",
      created: start,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      metadata: {},
      items: {
        object: "list",
        has_more: false,
        url: "/v1/subscription_items",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            quantity: 1,
            current_period_start: start,
            current_period_end: trialEnd ?? start + 30 * DAY_S,
            price: {
              id: session.price,
              object: "price",
              currency: "usd",
              unit_amount: PRICE_CENTS[session.price] ?? 0,
              recurring: { interval: "month", interval_count: 1 },
            },
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: "complete", subscription: subscription.id });
    return { session: { ...session }, subscription };
  }

  /** Stripe moving a subscription on (trial over, payment failed, canceled, ...). */
  function updateSubscription(id: string, change: { status?: string; periodEnd?: number; price?: string }): StandInSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    if (change.status) subscription.status = change.status;
    const item = subscription.items.data[0]!;
    if (change.periodEnd) item.current_period_end = change.periodEnd;
    if (change.price) item.price = { ...item.price, id: change.price, unit_amount: PRICE_CENTS[change.price] ?? 0 };
    return structuredClone(subscription);
  }

  function invoiceFor(subscription: StandInSubscription, status: "paid" | "open") {
    return {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status,
      amount_due: subscription.items.data[0]?.price.unit_amount ?? 0,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
    };
  }

  /** An event of `type` about `object`, as Stripe posts it to a webhook endpoint. */
  function event(type: string, object: unknown) {
    eventCounter++;
    return {
      id: `evt_${eventCounter}_${randomBytes(8).toString("hex")}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  /** The body and Stripe-Signature header of a webhook delivery, signed with `secret` at `timestamp` (seconds). */
  function signed(payloadObject: unknown, options: { secret?: string; timestamp?: number } = {}) {
    return signedBody(JSON.stringify(payloadObject), options);
  }

  /** A delivery of these exact bytes, validly signed: what a body that is no event would look like. */
  function signedBody(payload: string, options: { secret?: string; timestamp?: number } = {}) {
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return { payload, headers: { "content-type": "application/json", "stripe-signature": header } };
  }

  return {
    requests,
    customers,
    sessions,
    subscriptions,
    completeCheckout,
    updateSubscription,
    invoiceFor,
    event,
    signed,
    signedBody,
    setMode: (next: typeof mode, paths: RegExp | null = null) => {
      mode = next;
      only = paths;
    },
    /** Kim's Stripe settings pointing at this stand-in. */
    config: (): StripeConfig => ({
      secretKey: "sk_test_kim",
      prices: { ...STAND_IN_PRICES },
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiUrl: baseUrl,
    }),
    async start(port = 0): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return baseUrl;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }),
  );
}

export type StripeStandIn = ReturnType<typeof stripeStandIn>;
