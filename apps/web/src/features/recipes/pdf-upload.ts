import type { RouterOutputs } from "../../lib/trpc";
import { sendFile } from "../../lib/uploads";

/** What POST /api/recipes/extract-from-pdf answers: the recipes found, in URL import's shape (no `sourceUrl`). */
export type PdfExtraction = RouterOutputs["extraction"]["fromPdf"];

export const PDF_ENDPOINT = "/api/recipes/extract-from-pdf";
export const SELECT_A_PDF = "Please select a PDF file";
/** The server refuses a larger file (413); checked before sending, so a cook does not wait on an upload to be refused. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

/**
 * Why a file cannot be sent, or null when it can: a PDF by its name or its type (the server checks the bytes), and
 * not over the server's size limit.
 */
export function pdfFileProblem(file: Pick<File, "name" | "type" | "size"> | null | undefined): string | null {
  if (!file) return SELECT_A_PDF;
  if (file.type !== "application/pdf" && !/\.pdf$/i.test(file.name.trim())) return SELECT_A_PDF;
  if (file.size > MAX_PDF_BYTES) return "The PDF is larger than 20 MB";
  return null;
}

/** A file's size as a cook reads it: "840 KB", "3.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** Sends the PDF to the extraction path; answers the recipes it found. */
export async function extractFromPdf(file: File, signal?: AbortSignal): Promise<PdfExtraction> {
  const answer = (await sendFile(PDF_ENDPOINT, file, { signal })) as PdfExtraction;
  if (!Array.isArray(answer.recipes)) throw new Error("The server's answer could not be read");
  return answer;
}
