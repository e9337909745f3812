import type { TRPCRouterRecord } from "@trpc/server";
import { authedProcedure } from "../../trpc/init";
import { publicUser } from "./public-user";

export const authRouter = {
  user: authedProcedure.query(({ ctx }) => publicUser(ctx.user)),
} satisfies TRPCRouterRecord;
