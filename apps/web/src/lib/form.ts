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

const noAnswer = (error: unknown) => error instanceof TypeError || (error instanceof DOMException && error.name === "TimeoutError");

/** A call that got no answer from the server (fetch's TypeError, or given up after a time), alone or wrapped by tRPC's client. */
export const isNetworkFailure = (error: unknown): boolean => noAnswer(error) || (error instanceof Error && noAnswer(error.cause));

/**
 * The server's message when it sent one, else the screen's fallback text. A call that got no answer says so in a cook's
 * words: the browser's own ("Failed to fetch", "Load failed") tell them nothing.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error))
    return navigator.onLine
      ? "Couldn't reach Kim: check your connection and try again."
      : "You're offline: try again once you're back online.";
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * When a submitted form is refused on the spot, the focus goes to its first field in error, unless it is on one
 * already: where the cook fixes it, and where a screen reader reads the message (it stayed on the submit button). Set
 * once for the whole app, since every form marks its fields in error with aria-invalid; a form that checks later (the
 * recipe form, whose rules load on demand) moves the focus itself.
 */
export function focusFirstErrorOnSubmit(): void {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // After React has drawn the errors the submit handler set.
    requestAnimationFrame(() => {
      const invalid = form.isConnected ? form.querySelector<HTMLElement>("[aria-invalid=true]") : null;
      if (invalid && document.activeElement?.getAttribute("aria-invalid") !== "true") invalid.focus();
    });
  });
}
