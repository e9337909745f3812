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
