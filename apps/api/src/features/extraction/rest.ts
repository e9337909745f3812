import { body, type RestRoute } from "../../lib/rest";

export const extractionRestRoutes: RestRoute[] = [
  { method: "POST", url: "/api/recipes/extract-from-url", call: (caller, req) => caller.extraction.fromUrl(body(req)) },
];
