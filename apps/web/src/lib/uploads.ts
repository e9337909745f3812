/** What an upload sent with fetch or XMLHttpRequest (a file: tRPC carries none) makes of a refusal. */

/**
 * The error a failed answer becomes: the server's JSON `message` (what 'Extraction failed' shows for a PDF), and, for the
 * spec's generic rule, "status: body" otherwise. A 401 keeps its status in front, so the app's session handling
 * recognises it ("401: Unauthorized").
 */
export function answerError(status: number, statusText: string, body: string): Error {
  let message: string | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed && typeof parsed.message === "string")
      message = parsed.message;
  } catch {
    // Not JSON (a proxy's page, say): the generic form below.
  }
  if (message && status !== 401) return new Error(message);
  return new Error(`${status}: ${message || body.trim() || statusText}`);
}
