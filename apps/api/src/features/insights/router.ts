import { insightsInput } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { kitchenOf } from "../../sessions/kitchen";
import { proProcedure } from "../../trpc/init";
import { insightsFor } from "./service";

export const insightsRouter = {
  /** Pro: wasted and used per week and month, the categories wasted most, advice, and what expires soon. */
  get: proProcedure.input(insightsInput).query(({ ctx, input }) => insightsFor(ctx, kitchenOf(ctx.user), input.timeZone)),
} satisfies TRPCRouterRecord;
