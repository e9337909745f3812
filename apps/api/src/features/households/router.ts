import {
  HOUSEHOLD_TEXTS,
  householdAcceptInput,
  householdInviteIdInput,
  householdInviteInput,
  householdLeaveInput,
  householdMemberInput,
  householdTokenInput,
} from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { appError } from "../../lib/errors";
import { authedProcedure, idempotentProcedure, publicProcedure } from "../../trpc/init";
import { accept, cancelInvite, handOver, householdOf, invite, leave, previewInvite, removeMember } from "./service";

/**
 * A change of who is in which household, or of its owner, goes alone in its request: a batch's calls share the
 * session read at its start, so the others would act on a household the person may have just left.
 */
const membershipChange = idempotentProcedure.use(({ ctx, next }) => {
  if (ctx.http.calls > 1) throw appError("BAD_REQUEST", HOUSEHOLD_TEXTS.notInBatch);
  return next();
});

export const householdsRouter = {
  get: authedProcedure.query(({ ctx }) => householdOf(ctx, ctx.user)),
  invite: idempotentProcedure.input(householdInviteInput).mutation(({ ctx, input }) => invite(ctx, ctx.user, input.email)),
  cancelInvite: idempotentProcedure.input(householdInviteIdInput).mutation(({ ctx, input }) => cancelInvite(ctx, ctx.user, input.inviteId)),
  /** The welcome screen's look at a link, before anyone signs in. */
  preview: publicProcedure.input(householdTokenInput).query(({ ctx, input }) => previewInvite(ctx, input.token)),
  accept: membershipChange.input(householdAcceptInput).mutation(({ ctx, input }) => accept(ctx, ctx.user, input.token, input.choice)),
  leave: membershipChange.input(householdLeaveInput).mutation(({ ctx, input }) => leave(ctx, ctx.user, input.takeRecipes)),
  remove: membershipChange.input(householdMemberInput).mutation(({ ctx, input }) => removeMember(ctx, ctx.user, input.userId)),
  handOver: membershipChange.input(householdMemberInput).mutation(({ ctx, input }) => handOver(ctx, ctx.user, input.userId)),
} satisfies TRPCRouterRecord;
