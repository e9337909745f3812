import type { TRPCRouterRecord } from "@trpc/server";
import { authedProcedure } from "../../trpc/init";
import { countRecipes } from "./queries";

export const recipesRouter = {
  count: authedProcedure.query(({ ctx }) => countRecipes(ctx.db, ctx.user.id)),
} satisfies TRPCRouterRecord;
