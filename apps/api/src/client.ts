import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter, RouterOutputs } from "./router";

export type { AppRouter, CurrentUser, RouterOutputs } from "./router";
export { TRPCClientError };

export type PdfExtraction = RouterOutputs["extraction"]["fromPdf"];

/** PDF import for scripts: tRPC carries no files, so this posts the file to the REST path as a browser would. */
export interface PdfImport {
  extractFromPdf(file: Uint8Array | Blob, filename?: string): Promise<PdfExtraction>;
}

/**
 * A typed Kim client for scripts: signs in with email and password, then calls any procedure as the user,
 * e.g. `await kim.auth.user.query()`, and imports PDFs with `await kim.extractFromPdf(bytes)`.
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
  const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${base}/trpc`, headers: { cookie } })] });
  const extractFromPdf: PdfImport["extractFromPdf"] = async (file, filename = "recipes.pdf") => {
    const form = new FormData();
    form.append("file", file instanceof Blob ? file : new Blob([file], { type: "application/pdf" }), filename);
    const res = await fetch(`${base}/api/recipes/extract-from-pdf`, { method: "POST", headers: { cookie }, body: form });
    const body = (await res.json().catch(() => ({}))) as PdfExtraction & { message?: string };
    if (!res.ok) throw new Error(`PDF import failed (${res.status}): ${body.message ?? res.statusText}`);
    return body;
  };
  // The tRPC client is a proxy that answers every name with a procedure path, so the helper is put in front of it.
  return new Proxy(trpc, {
    get: (target, name, receiver) => (name === "extractFromPdf" ? extractFromPdf : Reflect.get(target, name, receiver)),
  }) as typeof trpc & PdfImport;
}
