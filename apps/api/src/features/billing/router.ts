import { checkoutInput } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { authedProcedure } from "../../trpc/init";
import * as billing from "./service";

export const billingRouter = {
  createCheckoutSession: authedProcedure
    .input(checkoutInput)
    .mutation(({ ctx, input }) => billing.createCheckoutSession(ctx, ctx.user, input.plan)),
  createPortalSession: authedProcedure.mutation(({ ctx }) => billing.createPortalSession(ctx, ctx.user)),
  /** Local trial mode only (Kim's own manage page); with Stripe the billing portal changes plans. */
  switchPlan: authedProcedure.input(checkoutInput).mutation(({ ctx, input }) => billing.changeLocalPlan(ctx, ctx.user, input.plan)),
  cancel: authedProcedure.mutation(({ ctx }) => billing.endLocalPlan(ctx, ctx.user)),
} satisfies TRPCRouterRecord;
