import { hasProAccess } from "@kim/domain";
import { initTRPC } from "@trpc/server";
import { appError, describeTrpcError, unauthorized } from "../lib/errors";
import type { SessionUser } from "../features/auth/sessions";
import type { Context } from "./context";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { message, issues } = describeTrpcError(error);
    return { ...shape, message, data: { ...shape.data, issues, stack: undefined } };
  },
});

export const PRO_ONLY = "This is a Pro feature. Upgrade to Pro to use it.";
export const ADMINS_ONLY = "Admins only";

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  // The context already holds the user, so only its type narrows: handing tRPC a context to merge would copy the
  // whole of it on every call.
  return next() as ReturnType<typeof next<{ user: SessionUser }>>;
});

export const proProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!hasProAccess(ctx.user, ctx.now())) throw appError("FORBIDDEN", PRO_ONLY);
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw appError("FORBIDDEN", ADMINS_ONLY);
  return next();
});
