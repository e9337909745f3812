import { body, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { billingRouter } from "./router";

// POST /api/stripe/webhook is not here: it reads the raw body for Stripe's signature (see webhook-route.ts).
export const billingRestRoutes: RestRoute<CallerOf<"billing", typeof billingRouter>>[] = [
  {
    method: "POST",
    url: "/api/stripe/create-checkout-session",
    call: (caller, req) => caller.billing.createCheckoutSession(body(req)),
  },
  { method: "POST", url: "/api/stripe/create-portal-session", call: (caller) => caller.billing.createPortalSession() },
];
