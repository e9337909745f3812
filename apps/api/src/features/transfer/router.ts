import { duplicateChoice } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { idInput } from "../../lib/ids";
import { PendingDownload, PendingUpload } from "../../lib/rest";
import { kitchenOf } from "../../sessions/kitchen";
import { authedProcedure, publishes } from "../../trpc/init";
import { deleteAccount, exportAccount, importCollection, importProgress, keepRecipePhoto, NO_PHOTO, recipeImage } from "./service";

/** An upload, read only after the checks: only the REST path's multipart body can give one (tRPC carries JSON). */
const importInput = z.object({
  file: z.instanceof(PendingUpload, { error: "Please choose a collection file" }),
  duplicates: duplicateChoice,
});
/** The Idempotency-Key the import was sent with: 1 to 255 visible ASCII characters. */
const keyInput = z.object({ key: z.string().regex(/^[\x21-\x7e]{1,255}$/, "key must be the import's Idempotency-Key") });
/** Where the zip goes: only the REST path can give one. */
const exportInput = z.object({ to: z.instanceof(PendingDownload, { error: "The export is a download: GET /api/transfer/export" }) });
/** A recipe's photo from the cook: only the REST path's multipart body can give one. */
const photoInput = idInput.extend({ file: z.instanceof(PendingUpload, { error: NO_PHOTO }) });
const deleteInput = z.object({
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(1000),
});

/** Moving in (a collection from another app, free for everyone) and out (everything as one zip; the account deleted). */
export const transferRouter = {
  // A collection (a Kim export's whole kitchen) reaches the open screens of everyone sharing the kitchen.
  importCollection: authedProcedure
    .use(publishes("recipes"))
    .use(publishes("inventory"))
    .use(publishes("mealPlan"))
    .use(publishes("shoppingList"))
    .input(importInput)
    .mutation(({ ctx, input }) => importCollection(ctx, ctx.user, input.file, input.duplicates)),
  importProgress: authedProcedure.input(keyInput).query(({ ctx, input }) => importProgress(ctx, ctx.user.id, input.key)),
  recipeImage: authedProcedure
    .input(idInput.extend(exportInput.shape))
    .query(({ ctx, input }) => recipeImage(ctx, ctx.user.householdId, input.id, input.to)),
  /** A photo of the cook's own for a recipe, in the place of the one it had; seen by the household as a recipe change is. */
  keepRecipePhoto: authedProcedure
    .use(publishes("recipes"))
    .input(photoInput)
    .mutation(({ ctx, input }) => keepRecipePhoto(ctx, kitchenOf(ctx.user), input.id, input.file)),
  exportAll: authedProcedure.input(exportInput).query(({ ctx, input }) => exportAccount(ctx, kitchenOf(ctx.user), input.to)),
  deleteAccount: authedProcedure.input(deleteInput).mutation(({ ctx, input }) => deleteAccount(ctx, ctx.user, input.password)),
} satisfies TRPCRouterRecord;
