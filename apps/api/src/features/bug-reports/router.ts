import { bugReportInput, hasProAccess } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { spend, type Limit } from "../../lib/rate-limit";
import { idempotentProcedure } from "../../trpc/init";
import { insertBugReport } from "./queries";

/** Plenty for someone reporting what they meet; a script filling the triage list stops quickly. */
export const BUG_REPORT_LIMIT = { max: 10, windowMs: 60 * 60_000 } satisfies Limit;

export const bugReportsRouter = {
  // Keyed like every create: a double click or a retry files one report (and spends the limit once).
  create: idempotentProcedure.input(bugReportInput).mutation(async ({ ctx, input }) => {
    await spend(ctx, { key: `bug-report:user:${ctx.user.id}`, limit: BUG_REPORT_LIMIT, refusal: "Too many bug reports." });
    return insertBugReport(ctx.db, ctx.user.id, input, hasProAccess(ctx.user, ctx.now()));
  }),
} satisfies TRPCRouterRecord;
