import {
  adminAuditListInput,
  adminBetaInput,
  adminBugReportListInput,
  adminBugReportUpdate,
  adminCreateUserInput,
  adminEmailInput,
  adminProInput,
  adminRoleInput,
  adminUserListInput,
} from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { idInput } from "../../lib/ids";
import { adminProcedure } from "../../trpc/init";
import { dashboardSummary, listAudit, listBugReports } from "./queries";
import * as admin from "./service";

export const adminRouter = {
  summary: adminProcedure.query(({ ctx }) => dashboardSummary(ctx.db)),
  users: adminProcedure.input(adminUserListInput).query(({ ctx, input }) => admin.usersPage(ctx, input)),
  createUser: adminProcedure.input(adminCreateUserInput).mutation(({ ctx, input }) => admin.createUser(ctx, ctx.user, input)),
  setRole: adminProcedure.input(adminRoleInput).mutation(({ ctx, input }) => admin.setRole(ctx, ctx.user, input.id, input.role)),
  setEmail: adminProcedure.input(adminEmailInput).mutation(({ ctx, input }) => admin.setEmail(ctx, ctx.user, input.id, input.email)),
  setPro: adminProcedure.input(adminProInput).mutation(({ ctx, input }) => admin.setFlag(ctx, ctx.user, input.id, { isPro: input.isPro })),
  setBeta: adminProcedure
    .input(adminBetaInput)
    .mutation(({ ctx, input }) => admin.setFlag(ctx, ctx.user, input.id, { isBetaTester: input.isBetaTester })),
  sendPasswordReset: adminProcedure.input(idInput).mutation(({ ctx, input }) => admin.sendReset(ctx, ctx.user, input.id)),
  deleteUser: adminProcedure.input(idInput).mutation(({ ctx, input }) => admin.deleteUser(ctx, ctx.user, input.id)),
  bugReports: adminProcedure.input(adminBugReportListInput).query(({ ctx, input }) => listBugReports(ctx.db, input)),
  updateBugReport: adminProcedure.input(adminBugReportUpdate).mutation(({ ctx, input }) => admin.triageBugReport(ctx, ctx.user, input)),
  audit: adminProcedure.input(adminAuditListInput).query(({ ctx, input }) => listAudit(ctx.db, input)),
} satisfies TRPCRouterRecord;
