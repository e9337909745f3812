import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { proProcedure } from "../../trpc/init";
import { extractFromUrl } from "./service";

const urlInput = z.object({
  url: z.string({ error: "Please enter a URL" }).trim().min(1, "Please enter a URL").max(2000, "The URL must be at most 2,000 characters"),
});

export const extractionRouter = {
  fromUrl: proProcedure.input(urlInput).mutation(({ ctx, input }) => extractFromUrl(ctx, ctx.user.id, input.url)),
} satisfies TRPCRouterRecord;
