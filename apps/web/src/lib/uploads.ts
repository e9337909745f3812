/** Files sent to the REST paths that take them (tRPC carries none), and what a refusal of one becomes. */

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

/**
 * Sends `file` as a browser form (field `file`) with the session cookie, the browser setting the multipart boundary;
 * answers the server's JSON, or rejects with `answerError`'s error. A call that gets no answer rejects with fetch's own
 * error, which `errorMessage` tells as offline or unreachable.
 */
export async function sendFile(
  url: string,
  file: File,
  { method = "POST", signal }: { method?: "POST" | "PUT"; signal?: AbortSignal } = {},
) {
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await fetch(url, { method, body: form, credentials: "include", signal });
  const body = await response.text();
  if (!response.ok) throw answerError(response.status, response.statusText, body);
  return JSON.parse(body) as unknown;
}
