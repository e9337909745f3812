import type { inferRouterOutputs } from "@trpc/server";
import { authRouter } from "../features/auth/router";
import { barcodeRouter } from "../features/barcode/router";
import { inventoryRouter } from "../features/inventory/router";
import { profileRouter } from "../features/profile/router";
import { recipesRouter } from "../features/recipes/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  inventory: inventoryRouter,
  barcode: barcodeRouter,
  recipes: recipesRouter,
});

export type AppRouter = typeof appRouter;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type CurrentUser = RouterOutputs["auth"]["user"];
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
