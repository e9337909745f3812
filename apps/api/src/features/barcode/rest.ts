import { param, type RestRoute } from "../../lib/rest";

export const barcodeRestRoutes: RestRoute[] = [
  { method: "GET", url: "/api/barcode/:code", call: (caller, req) => caller.barcode.lookup({ code: param(req, "code") }) },
];
