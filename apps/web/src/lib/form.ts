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

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** The server's message when it sent one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
