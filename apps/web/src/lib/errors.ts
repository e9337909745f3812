import { TRPCClientError } from "@trpc/client";

/** True for a tRPC UNAUTHORIZED error, or an HTTP 401 from a REST call. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (typeof data === "object" && data !== null && "code" in data && data.code === "UNAUTHORIZED") return true;
    if (typeof data === "object" && data !== null && "httpStatus" in data && data.httpStatus === 401) return true;
  }
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** True when a tRPC call answered NOT_FOUND (HTTP 404). */
export function isNotFoundError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "code" in data && data.code === "NOT_FOUND";
}
