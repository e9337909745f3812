import Stripe from "stripe";
import { TRPCError } from "@trpc/server";
import type { StripeConfig } from "../config";

/** Stripe answers in well under a second; a request waiting longer fails fast with 504 rather than holding the user. */
export const STRIPE_TIMEOUT_MS = 10_000;

/** The official client, pointed at Stripe or (STRIPE_API_URL) a local stand-in; one retry on network failures. */
export function stripeClient(config: StripeConfig, options: { timeoutMs?: number } = {}): Stripe {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** Runs a Stripe call; Stripe failing or slow answers 502 or 504 (the user may try again), like any outside service. */
/** The code of Stripe's refusal "No such ..." (a 404): the object is not there. */
export const MISSING = "resource_missing";

/**
 * For a call Stripe may refuse as asked (a checkout no longer open; with `code` MISSING, only an object it doesn't
 * have): that refusal answers `value`; any other failure, an outage included, is thrown on.
 */
export function whenRefused<T>(value: T, code?: string): (error: unknown) => T {
  return (error) => {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && (code === undefined || error.code === code)) return value;
    throw error;
  };
}

export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const timedOut = err instanceof Stripe.errors.StripeConnectionError && /timeout|timed out/i.test(err.message);
    throw timedOut
      ? new TRPCError({ code: "GATEWAY_TIMEOUT", message: "Stripe did not answer in time. Try again in a moment.", cause: err })
      : new TRPCError({ code: "BAD_GATEWAY", message: "Stripe is unavailable right now. Try again in a moment.", cause: err });
  }
}
