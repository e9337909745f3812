import type { inferRouterOutputs } from "@trpc/server";
import { features } from "./features";
import { createCallerFactory, router } from "./trpc/init";

type Routers = { [K in keyof typeof features]: (typeof features)[K]["router"] };

const routers = Object.fromEntries(Object.entries(features).map(([name, f]) => [name, f.router])) as Routers;

export const appRouter = router(routers);

export type AppRouter = typeof appRouter;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type CurrentUser = RouterOutputs["auth"]["user"];
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
