import { body, PendingUpload, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import { PDF_LIMITS } from "./pdf/pdf-reader";
import type { extractionRouter } from "./router";

export const extractionRestRoutes: RestRoute<CallerOf<"extraction", typeof extractionRouter>>[] = [
  { method: "POST", url: "/api/recipes/extract-from-url", call: (caller, req) => caller.extraction.fromUrl(body(req)) },
  {
    method: "POST",
    url: "/api/recipes/extract-from-pdf",
    upload: { maxBytes: PDF_LIMITS.bytes },
    call: (caller, req) => caller.extraction.fromPdf({ file: new PendingUpload(req, "file") }),
  },
];
