import {
  householdAcceptInput,
  householdInviteIdInput,
  householdInviteInput,
  householdLeaveInput,
  householdMemberInput,
  householdTokenInput,
} from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { authedProcedure, idempotentProcedure, publicProcedure } from "../../trpc/init";
import { accept, cancelInvite, handOver, householdOf, invite, leave, previewInvite, removeMember } from "./service";

export const householdsRouter = {
  get: authedProcedure.query(({ ctx }) => householdOf(ctx, ctx.user)),
  invite: idempotentProcedure.input(householdInviteInput).mutation(({ ctx, input }) => invite(ctx, ctx.user, input.email)),
  cancelInvite: idempotentProcedure.input(householdInviteIdInput).mutation(({ ctx, input }) => cancelInvite(ctx, ctx.user, input.inviteId)),
  /** The welcome screen's look at a link, before anyone signs in. */
  preview: publicProcedure.input(householdTokenInput).query(({ ctx, input }) => previewInvite(ctx, input.token)),
  accept: idempotentProcedure.input(householdAcceptInput).mutation(({ ctx, input }) => accept(ctx, ctx.user, input.token, input.choice)),
  leave: idempotentProcedure.input(householdLeaveInput).mutation(({ ctx, input }) => leave(ctx, ctx.user, input.takeRecipes)),
  remove: idempotentProcedure.input(householdMemberInput).mutation(({ ctx, input }) => removeMember(ctx, ctx.user, input.userId)),
  handOver: idempotentProcedure.input(householdMemberInput).mutation(({ ctx, input }) => handOver(ctx, ctx.user, input.userId)),
} satisfies TRPCRouterRecord;
