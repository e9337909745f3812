import type { TRPCRouterRecord } from "@trpc/server";
import type { RestRoute } from "../lib/rest";
import { adminRestRoutes } from "./admin/rest";
import { adminRouter } from "./admin/router";
import { authRestRoutes } from "./auth/rest";
import { authRouter } from "./auth/router";
import { billingRestRoutes } from "./billing/rest";
import { billingRouter } from "./billing/router";
import { barcodeRestRoutes } from "./barcode/rest";
import { barcodeRouter } from "./barcode/router";
import { expiryMailRestRoutes } from "./expiry-mail/rest";
import { expiryMailRouter } from "./expiry-mail/router";
import { bugReportsRestRoutes } from "./bug-reports/rest";
import { bugReportsRouter } from "./bug-reports/router";
import { extractionRestRoutes } from "./extraction/rest";
import { extractionRouter } from "./extraction/router";
import { insightsRestRoutes } from "./insights/rest";
import { insightsRouter } from "./insights/router";
import { inventoryRestRoutes } from "./inventory/rest";
import { inventoryRouter } from "./inventory/router";
import { mealPlansRestRoutes } from "./meal-plans/rest";
import { mealPlansRouter } from "./meal-plans/router";
import { profileRestRoutes } from "./profile/rest";
import { profileRouter } from "./profile/router";
import { shoppingListsRestRoutes } from "./shopping-lists/rest";
import { shoppingListsRouter } from "./shopping-lists/router";
import { recipesRestRoutes } from "./recipes/rest";
import { recipesRouter } from "./recipes/router";

export interface Feature {
  /** Its tRPC procedures, under the feature's name. */
  router: TRPCRouterRecord;
  /** Its documented REST paths, each calling one of those procedures. */
  rest: RestRoute[];
}

/**
 * Every feature, once: the tRPC router, the REST paths and the REST contract test are all built from this list,
 * so a new path can't escape the contract test. Adding a feature is one folder and one line here.
 */
export const features = {
  auth: { router: authRouter, rest: authRestRoutes },
  profile: { router: profileRouter, rest: profileRestRoutes },
  inventory: { router: inventoryRouter, rest: inventoryRestRoutes },
  barcode: { router: barcodeRouter, rest: barcodeRestRoutes },
  recipes: { router: recipesRouter, rest: recipesRestRoutes },
  extraction: { router: extractionRouter, rest: extractionRestRoutes },
  mealPlans: { router: mealPlansRouter, rest: mealPlansRestRoutes },
  shoppingLists: { router: shoppingListsRouter, rest: shoppingListsRestRoutes },
  billing: { router: billingRouter, rest: billingRestRoutes },
  insights: { router: insightsRouter, rest: insightsRestRoutes },
  expiryMail: { router: expiryMailRouter, rest: expiryMailRestRoutes },
  bugReports: { router: bugReportsRouter, rest: bugReportsRestRoutes },
  admin: { router: adminRouter, rest: adminRestRoutes },
} satisfies Record<string, Feature>;

export const restRoutes: RestRoute[] = Object.values(features).flatMap((f) => f.rest);
