import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { authedProcedure, publicProcedure } from "../../trpc/init";
import { publicUser } from "./public-user";
import * as auth from "./service";

export const authRouter = {
  user: authedProcedure.query(({ ctx }) => publicUser(ctx.user, ctx.now())),
  signup: publicProcedure.input(signupInput).mutation(({ ctx, input }) => auth.signup(ctx, input)),
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => auth.logout(ctx)),
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInput)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx, input)),
  confirmPasswordReset: publicProcedure
    .input(passwordResetConfirmInput)
    .mutation(({ ctx, input }) => auth.confirmPasswordReset(ctx, input)),
} satisfies TRPCRouterRecord;
