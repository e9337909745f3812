import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { findProduct } from "./service";

export const barcodeRouter = {
  lookup: authedProcedure
    .input(z.object({ code: z.string().trim().max(64) }))
    .query(({ ctx, input }) => findProduct(ctx, ctx.user.id, input.code)),
} satisfies TRPCRouterRecord;
