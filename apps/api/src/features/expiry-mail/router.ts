import { expiryMailSettingsInput, unsubscribeInput } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { appError } from "../../lib/errors";
import { authedProcedure, publicProcedure } from "../../trpc/init";
import { readSettings, unsubscribe, updateSettings } from "./service";

export const INVALID_LINK = "This unsubscribe link is not valid. Turn expiry mail off in your profile instead.";

export const expiryMailRouter = {
  settings: authedProcedure.query(({ ctx }) => readSettings(ctx, ctx.user.id)),
  update: authedProcedure.input(expiryMailSettingsInput).mutation(({ ctx, input }) => updateSettings(ctx, ctx.user.id, input)),
  /** The mail's link: works signed out, with the signed token the mail carries. */
  unsubscribe: publicProcedure.input(unsubscribeInput).mutation(async ({ ctx, input }) => {
    if (!(await unsubscribe(ctx, input.token))) throw appError("BAD_REQUEST", INVALID_LINK);
    return { expiryMail: false };
  }),
} satisfies TRPCRouterRecord;
