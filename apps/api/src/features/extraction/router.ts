import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { PendingUpload } from "../../lib/rest";
import { proProcedure } from "../../trpc/init";
import { extractFromPdf, extractFromUrl } from "./service";

const urlInput = z.object({
  url: z.string({ error: "Please enter a URL" }).trim().min(1, "Please enter a URL").max(2000, "The URL must be at most 2,000 characters"),
});

/** A PDF upload, read only after the checks: only the REST path's multipart body can give one (tRPC carries JSON). */
const pdfInput = z.object({ file: z.instanceof(PendingUpload, { error: "Please select a PDF file" }) });

export const extractionRouter = {
  fromUrl: proProcedure.input(urlInput).mutation(({ ctx, input }) => extractFromUrl(ctx, ctx.user.id, input.url)),
  fromPdf: proProcedure.input(pdfInput).mutation(({ ctx, input }) => extractFromPdf(ctx, ctx.user.id, input.file)),
} satisfies TRPCRouterRecord;
