import { profileInput } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { authedProcedure } from "../../trpc/init";
import { updateProfile } from "./service";

export const profileRouter = {
  update: authedProcedure.input(profileInput).mutation(({ ctx, input }) => updateProfile(ctx, ctx.user, input)),
} satisfies TRPCRouterRecord;
