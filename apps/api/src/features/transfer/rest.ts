import { body, param, PendingDownload, PendingUpload, queryParam, type RestRoute } from "../../lib/rest";
import type { CallerOf } from "../../trpc/init";
import { TRANSFER_LIMITS } from "./reading";
import type { transferRouter } from "./router";

export const transferRestRoutes: RestRoute<CallerOf<"transfer", typeof transferRouter>>[] = [
  {
    method: "POST",
    url: "/api/transfer/import",
    upload: { maxBytes: TRANSFER_LIMITS.fileBytes },
    call: (caller, req) =>
      caller.transfer.importCollection({ file: new PendingUpload(req, "file"), duplicates: queryParam(req, "duplicates") as "skip" }),
  },
  {
    method: "GET",
    url: "/api/transfer/imports/:key",
    call: (caller, req) => caller.transfer.importProgress({ key: param(req, "key") }),
  },
  {
    method: "GET",
    url: "/api/transfer/export",
    call: (caller, _req, reply) => caller.transfer.exportAll({ to: new PendingDownload(reply) }),
  },
  {
    method: "GET",
    url: "/api/recipes/:id/image",
    call: (caller, req, reply) => caller.transfer.recipeImage({ id: param(req, "id"), to: new PendingDownload(reply) }),
  },
  {
    method: "PUT",
    url: "/api/recipes/:id/image",
    upload: { maxBytes: TRANSFER_LIMITS.imageBytes },
    call: (caller, req) => caller.transfer.keepRecipePhoto({ id: param(req, "id"), file: new PendingUpload(req, "file") }),
  },
  { method: "DELETE", url: "/api/user/account", call: (caller, req) => caller.transfer.deleteAccount(body(req)) },
];
