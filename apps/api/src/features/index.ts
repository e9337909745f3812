import { adminRestRoutes } from "./admin/rest";
import { adminRouter } from "./admin/router";
import { authRestRoutes } from "./auth/rest";
import { authRouter } from "./auth/router";
import { localTrialsJob } from "./billing/local-trials";
import { billingRestRoutes } from "./billing/rest";
import { billingRouter } from "./billing/router";
import { registerStripeWebhook } from "./billing/webhook-route";
import { barcodeRestRoutes } from "./barcode/rest";
import { barcodeRouter } from "./barcode/router";
import { expiryMailRestRoutes } from "./expiry-mail/rest";
import { expiryMailRouter } from "./expiry-mail/router";
import { expiryMailJob } from "./expiry-mail/service";
import { bugReportsRestRoutes } from "./bug-reports/rest";
import { bugReportsRouter } from "./bug-reports/router";
import { extractionRestRoutes } from "./extraction/rest";
import { extractionRouter } from "./extraction/router";
import type { Feature } from "./feature";
import { householdsRestRoutes } from "./households/rest";
import { householdsRouter } from "./households/router";
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
import { transferRestRoutes } from "./transfer/rest";
import { transferRouter } from "./transfer/router";
import { finishedImportsJob, importFoldersJob } from "./transfer/service";

/**
 * Every feature, once, with all it adds to the app (see Feature): app.ts wires its routers, REST paths, raw routes
 * and jobs, and the REST contract test reads the same list, so a new path can't escape the test. Adding a feature is
 * one folder and one line here.
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
  billing: { router: billingRouter, rest: billingRestRoutes, routes: [registerStripeWebhook], jobs: [localTrialsJob] },
  insights: { router: insightsRouter, rest: insightsRestRoutes },
  expiryMail: { router: expiryMailRouter, rest: expiryMailRestRoutes, jobs: [expiryMailJob] },
  bugReports: { router: bugReportsRouter, rest: bugReportsRestRoutes },
  admin: { router: adminRouter, rest: adminRestRoutes },
  households: { router: householdsRouter, rest: householdsRestRoutes },
  transfer: { router: transferRouter, rest: transferRestRoutes, jobs: [importFoldersJob, finishedImportsJob] },
} satisfies Record<string, Feature>;

type Features = typeof features;
/** A documented REST path of any feature, calling that feature's procedures. */
export type FeatureRestRoute = Features[keyof Features]["rest"][number];

export const restRoutes: FeatureRestRoute[] = Object.values(features).flatMap((f): FeatureRestRoute[] => f.rest);
