import { param, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import type { barcodeRouter } from "./router";

export const barcodeRestRoutes: RestRoute<CallerOf<"barcode", typeof barcodeRouter>>[] = [
  { method: "GET", url: "/api/barcode/:code", call: (caller, req) => caller.barcode.lookup({ code: param(req, "code") }) },
];
