import { TRPCClientError } from "@trpc/client";

/**
 * True when the session is missing or expired. Spec rule: a 401 whose message contains
 * "Unauthorized". A 401 with another message is an expected answer, such as a wrong password at
 * login ("Invalid email or password"), and must not sign the user out.
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error) || !error.message.includes("Unauthorized")) return false;
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (typeof data === "object" && data !== null && "code" in data && data.code === "UNAUTHORIZED") return true;
    if (typeof data === "object" && data !== null && "httpStatus" in data && data.httpStatus === 401) return true;
  }
  return error.message.startsWith("401: ");
}

function hasTrpcCode(error: unknown, code: string): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "code" in data && data.code === code;
}

/** True when a tRPC call answered NOT_FOUND (HTTP 404). */
export function isNotFoundError(error: unknown): boolean {
  return hasTrpcCode(error, "NOT_FOUND");
}

/** True when a tRPC call answered BAD_REQUEST (HTTP 400). */
export function isBadRequestError(error: unknown): boolean {
  return hasTrpcCode(error, "BAD_REQUEST");
}

/**
 * True when the server answered a call and refused it for good: sent again, it would be refused again (a 4xx). Not a
 * call that got no answer, nor a lost session (401), a conflict (409: made again on the newer data it passes), too
 * many requests (429) or the server's own failure (5xx): those may pass later.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status: unknown = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500 && ![401, 408, 409, 429].includes(status);
}
