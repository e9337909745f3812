import { createTRPCQueryUtils, createTRPCReact, httpBatchLink, httpLink, splitLink } from "@trpc/react-query";
import type { QueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@kim/api/router";
import { LIVE_ID_HEADER } from "@kim/domain";
import { noteRead } from "./live";

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

// Session cookie must accompany every call. A query's answer says which versions its reads started from (lib/live).
const withCookies: typeof fetch = async (url, options) => {
  const response = await fetch(url, { ...options, credentials: "include" });
  if ((options?.method ?? "GET") === "GET" && response.ok) noteRead(response.headers.get(LIVE_ID_HEADER));
  return response;
};

/** How long a change waits for its answer before it is given up (a stalled line can leave fetch waiting for minutes). */
export const CHANGE_ANSWER_TIMEOUT_MS = 30_000;

/**
 * A change sent with its idempotency key gets an answer within CHANGE_ANSWER_TIMEOUT_MS or fails as one that got none,
 * so a dialog waiting on it is not stuck on "Adding..."; the key makes trying again safe. A timer, not
 * AbortSignal.timeout, so the browser tests' clock moves it.
 */
const withAnswerTimeout: typeof fetch = async (url, options) => {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException("No answer in time", "TimeoutError")), CHANGE_ANSWER_TIMEOUT_MS);
  const callerSignal = options?.signal;
  const stop = () => timeout.abort(callerSignal?.reason);
  callerSignal?.addEventListener("abort", stop, { once: true });
  try {
    return await withCookies(url, { ...options, signal: timeout.signal });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", stop);
  }
};

const idempotencyKeyOf = (context: Record<string, unknown>) =>
  typeof context.idempotencyKey === "string" ? context.idempotencyKey : undefined;

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // A create or stock change carries its idempotency key (lib/keyed-mutation) in the Idempotency-Key header,
      // which names one call: so it goes alone, never in a batch.
      splitLink({
        condition: (op) => idempotencyKeyOf(op.context) !== undefined,
        true: httpLink({
          url: "/trpc",
          fetch: withAnswerTimeout,
          headers: ({ op }) => ({ "Idempotency-Key": idempotencyKeyOf(op.context) ?? "" }),
        }),
        false: httpBatchLink({ url: "/trpc", fetch: withCookies }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** Query helpers usable outside React, e.g. in route loaders and beforeLoad. */
export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

export type TrpcUtils = ReturnType<typeof createTrpcUtils>;
