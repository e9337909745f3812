import type { RouterOutputs } from "../../lib/trpc";
import { answerError } from "../../lib/uploads";

/** What POST /api/transfer/import answers: how many recipes came in, were skipped or failed, and why. */
export type ImportSummary = RouterOutputs["transfer"]["importCollection"];

export const IMPORT_ENDPOINT = "/api/transfer/import";
const EXPORT_ENDPOINT = "/api/transfer/export";
/** The server refuses a larger file (413); checked before sending, so a cook does not wait on an upload to be refused. */
export const MAX_COLLECTION_BYTES = 256 * 1024 * 1024;
export const COLLECTION_TYPES = ".paprikarecipes,.zip,.json,.jsonld,.csv";

/**
 * Sends the collection file as a browser form under `key` (so a retry imports once), calling `onSent` with the share of
 * the file sent so far; XMLHttpRequest, because fetch tells nothing of an upload's progress.
 */
export function uploadCollection(
  file: File,
  key: string,
  keepDuplicates: boolean,
  onSent: (share: number) => void,
): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${IMPORT_ENDPOINT}?duplicates=${keepDuplicates ? "keep" : "skip"}`);
    request.setRequestHeader("Idempotency-Key", key);
    request.upload.onprogress = (event) => event.lengthComputable && onSent(event.loaded / event.total);
    request.onload = () => {
      if (request.status !== 200) return reject(answerError(request.status, request.statusText, request.responseText));
      resolve(JSON.parse(request.responseText) as ImportSummary);
    };
    request.onerror = () => reject(new Error("The upload failed: check your connection and try again."));
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}

/** The file name a download's Content-Disposition gives, or undefined. */
function attachmentName(disposition: string | null): string | undefined {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1];
}

/** Fetches the account's export and hands it to the browser to save; rejects with the server's reason when refused. */
export async function downloadExport(): Promise<void> {
  const response = await fetch(EXPORT_ENDPOINT, { credentials: "include" });
  if (!response.ok) throw answerError(response.status, response.statusText, await response.text());
  const name = attachmentName(response.headers.get("content-disposition")) ?? "kim-export.zip";
  const url = URL.createObjectURL(await response.blob());
  Object.assign(document.createElement("a"), { href: url, download: name }).click();
  // The browser has taken the file once the click is handled; a minute on, the blob's memory goes back.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
