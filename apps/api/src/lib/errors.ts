import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { z } from "zod";

/** The body every REST error answers with. */
export interface ErrorBody {
  message: string;
  code: TRPC_ERROR_CODE_KEY;
  issues?: { path: string; message: string }[];
}

export function appError(code: TRPC_ERROR_CODE_KEY, message: string): TRPCError {
  return new TRPCError({ code, message });
}

export const notFound = (what = "Not found") => appError("NOT_FOUND", what);
export const unauthorized = () => appError("UNAUTHORIZED", "Unauthorized");

function issueList(error: z.ZodError): NonNullable<ErrorBody["issues"]> {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/**
 * A message that already names its field ("Password must be at least 8 characters" for newPassword, "Profile image
 * ..." for profileImageUrl) stays as it is; any other gets the field in front ("quantity: Too big: ...").
 */
function validationMessage(issues: NonNullable<ErrorBody["issues"]>): string {
  const first = issues[0];
  if (!first) return "Invalid input";
  const field = first.path.split(".").at(-1) ?? "";
  const words = field
    .split(/(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3);
  const message = first.message.toLowerCase();
  if (words.length === 0 || /^\d+$/.test(field) || words.some((w) => message.includes(w))) return first.message;
  return `${first.path}: ${first.message}`;
}

/** tRPC's formatter and the REST shim both describe errors through this. */
export function describeTrpcError(error: TRPCError): ErrorBody {
  if (error.cause instanceof z.ZodError) {
    const issues = issueList(error.cause);
    return { message: validationMessage(issues), code: "BAD_REQUEST", issues };
  }
  if (error.code === "INTERNAL_SERVER_ERROR") return { message: "Something went wrong", code: error.code };
  return { message: error.message, code: error.code };
}

/** A site or service outside Kim failed (502, 504): no bug of Kim's, so its log line is a warning without a stack. */
export const isOutsideFailure = (error: unknown): error is TRPCError =>
  error instanceof TRPCError && (error.code === "BAD_GATEWAY" || error.code === "GATEWAY_TIMEOUT");

/** An outside failure's log fields: what the cook was told, and the system's code under it (ENOTFOUND, ...). */
export const outsideFailureFields = (error: TRPCError) => ({
  code: error.code,
  message: error.message,
  ...(error.cause && { cause: error.cause.message }),
});

const STATUS_CODES: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json)",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
};

/** Any error a request can end in, as an HTTP status and the REST error body. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) return { status: getHTTPStatusCodeFromError(error), body: describeTrpcError(error) };
  if (error instanceof z.ZodError) {
    const issues = issueList(error);
    return { status: 400, body: { message: validationMessage(issues), code: "BAD_REQUEST", issues } };
  }
  const e = error as { statusCode?: number; code?: string; message?: string };
  const status = typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
  if (status === 500) return { status, body: { message: "Something went wrong", code: "INTERNAL_SERVER_ERROR" } };
  const message = (e.code && FASTIFY_MESSAGES[e.code]) || e.message || "Bad request";
  return { status, body: { message, code: STATUS_CODES[status] ?? "BAD_REQUEST" } };
}
