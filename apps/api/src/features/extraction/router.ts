import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { proProcedure } from "../../trpc/init";
import { extractFromPdf, extractFromUrl } from "./service";

const urlInput = z.object({
  url: z.string({ error: "Please enter a URL" }).trim().min(1, "Please enter a URL").max(2000, "The URL must be at most 2,000 characters"),
});

/** A PDF's bytes: only the REST path's upload can give them (tRPC carries JSON, which holds no bytes). */
const pdfInput = z.object({ file: z.instanceof(Uint8Array, { error: "Please select a PDF file" }) });

export const extractionRouter = {
  fromUrl: proProcedure.input(urlInput).mutation(({ ctx, input }) => extractFromUrl(ctx, ctx.user.id, input.url)),
  fromPdf: proProcedure.input(pdfInput).mutation(({ ctx, input }) => extractFromPdf(ctx, ctx.user.id, input.file)),
} satisfies TRPCRouterRecord;
