import type { inferRouterOutputs } from "@trpc/server";
import { authRouter } from "../features/auth/router";
import { profileRouter } from "../features/profile/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
});

export type AppRouter = typeof appRouter;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type CurrentUser = RouterOutputs["auth"]["user"];
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
