import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from "@trpc/client";
import type { AppRouter, RouterOutputs } from "./router";

export type { AppRouter, CurrentUser, RouterOutputs } from "./router";
export { TRPCClientError };

export type PdfExtraction = RouterOutputs["extraction"]["fromPdf"];

/** PDF import for scripts: tRPC carries no files, so this posts the file to the REST path as a browser would. */
export interface PdfImport {
  extractFromPdf(file: Uint8Array | Blob, filename?: string): Promise<PdfExtraction>;
}

export type CollectionImport = RouterOutputs["transfer"]["importCollection"];

/**
 * Moving in and out for scripts, through the REST paths (tRPC carries no files): a collection file from another app
 * (or a Kim export) imported under an idempotency key, everything of the account as one zip, and a recipe's photo.
 */
export interface Transfer {
  importCollection(
    file: Uint8Array | Blob,
    options?: { filename?: string; duplicates?: "skip" | "keep"; idempotencyKey?: string },
  ): Promise<CollectionImport>;
  exportAll(): Promise<Uint8Array>;
  /** A photo (JPEG, PNG, WebP or GIF) kept for a recipe in the place of the one it had; answers the recipe. */
  keepRecipePhoto(recipeId: string, file: Uint8Array | Blob, filename?: string): Promise<RouterOutputs["transfer"]["keepRecipePhoto"]>;
}

/** The per-call context a script passes to make a create or stock change apply once (see `createKimClient`). */
export interface KeyedCall {
  idempotencyKey?: string;
}

const idempotencyKeyOf = (context: KeyedCall) => (typeof context.idempotencyKey === "string" ? context.idempotencyKey : undefined);

/**
 * A typed Kim client for scripts: signs in with email and password, then calls any procedure as the user,
 * e.g. `await kim.auth.user.query()`, imports PDFs with `await kim.extractFromPdf(bytes)`, collections with
 * `await kim.importCollection(bytes)`, exports everything with `await kim.exportAll()` and gives a recipe a photo with
 * `await kim.keepRecipePhoto(id, bytes)`. A create or stock
 * change applies once per key when the call carries one, as the web app's do:
 * `await kim.inventory.create.mutate(item, { context: { idempotencyKey: crypto.randomUUID() } })`; sent again with
 * the same key (a retry after a lost answer), it answers the first answer and changes nothing more.
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
  const url = `${base}/trpc`;
  const trpc = createTRPCClient<AppRouter>({
    links: [
      // The Idempotency-Key header names one call, so a keyed call goes alone, never in a batch (decision 0022).
      splitLink({
        condition: (op) => idempotencyKeyOf(op.context) !== undefined,
        true: httpLink({ url, headers: ({ op }) => ({ cookie, "idempotency-key": idempotencyKeyOf(op.context) ?? "" }) }),
        false: httpBatchLink({ url, headers: { cookie } }),
      }),
    ],
  });
  const extractFromPdf: PdfImport["extractFromPdf"] = async (file, filename = "recipes.pdf") => {
    const form = new FormData();
    form.append("file", file instanceof Blob ? file : new Blob([file], { type: "application/pdf" }), filename);
    const res = await fetch(`${base}/api/recipes/extract-from-pdf`, { method: "POST", headers: { cookie }, body: form });
    const body = (await res.json().catch(() => ({}))) as PdfExtraction & { message?: string };
    if (!res.ok) throw new Error(`PDF import failed (${res.status}): ${body.message ?? res.statusText}`);
    return body;
  };
  const importCollection: Transfer["importCollection"] = async (
    file,
    { filename = "collection.zip", duplicates = "skip", idempotencyKey } = {},
  ) => {
    const form = new FormData();
    form.append("file", file instanceof Blob ? file : new Blob([file]), filename);
    const headers = { cookie, ...(idempotencyKey && { "idempotency-key": idempotencyKey }) };
    const res = await fetch(`${base}/api/transfer/import?duplicates=${duplicates}`, { method: "POST", headers, body: form });
    const body = (await res.json().catch(() => ({}))) as CollectionImport & { message?: string };
    if (!res.ok) throw new Error(`Collection import failed (${res.status}): ${body.message ?? res.statusText}`);
    return body;
  };
  const exportAll: Transfer["exportAll"] = async () => {
    const res = await fetch(`${base}/api/transfer/export`, { headers: { cookie } });
    if (!res.ok) throw new Error(`Export failed (${res.status}): ${res.statusText}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const keepRecipePhoto: Transfer["keepRecipePhoto"] = async (recipeId, file, filename = "photo.jpg") => {
    const form = new FormData();
    form.append("file", file instanceof Blob ? file : new Blob([file]), filename);
    const res = await fetch(`${base}/api/recipes/${encodeURIComponent(recipeId)}/image`, {
      method: "PUT",
      headers: { cookie },
      body: form,
    });
    const body = (await res.json().catch(() => ({}))) as Awaited<ReturnType<Transfer["keepRecipePhoto"]>> & { message?: string };
    if (!res.ok) throw new Error(`Photo refused (${res.status}): ${body.message ?? res.statusText}`);
    return body;
  };
  const helpers: Record<string, unknown> = { extractFromPdf, importCollection, exportAll, keepRecipePhoto };
  // The tRPC client is a proxy that answers every name with a procedure path, so the helpers are put in front of it.
  return new Proxy(trpc, {
    get: (target, name, receiver) => (typeof name === "string" && name in helpers ? helpers[name] : Reflect.get(target, name, receiver)),
  }) as typeof trpc & PdfImport & Transfer;
}
