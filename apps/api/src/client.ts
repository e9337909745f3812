import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "./trpc/router";

export type { AppRouter, CurrentUser, RouterOutputs } from "./trpc/router";
export { TRPCClientError };

/**
 * A typed Kim client for scripts: signs in with email and password, then calls any procedure as the user,
 * e.g. `await kim.auth.user.query()`.
 */
export async function createKimClient(options: { url: string; email: string; password: string }) {
  const base = options.url.replace(/\/$/, "");
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(`Sign-in failed (${response.status}): ${body.message ?? response.statusText}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${base}/trpc`, headers: { cookie } })] });
}
