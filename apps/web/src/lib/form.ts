interface ValidationError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** First message per top-level field of a zod error, for inline errors. */
export function fieldErrors(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * First message per top-level field of the server's refusal of an input (the issues its error body carries), for
 * inline errors beside the toast that says it too. Empty for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const issues = (error as { data?: { issues?: unknown } } | null)?.data?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: Record<string, string> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== "string" || typeof issue.message !== "string") continue;
    errors[issue.path.split(".")[0] || "form"] ??= issue.message;
  }
  return errors;
}

/** The tRPC code of a call's failure ("BAD_REQUEST", "CONFLICT"), undefined when it is none of the server's. */
export function errorCode(error: unknown): string | undefined {
  return (error as { data?: { code?: string } } | null)?.data?.code;
}

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** The server's message when it sent one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
