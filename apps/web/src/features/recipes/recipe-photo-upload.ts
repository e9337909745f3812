import type { RouterOutputs } from "../../lib/trpc";
import { sendFile } from "../../lib/uploads";

/** The recipe PUT /api/recipes/{id}/image answers: its photoUrl names the photo just kept. */
type PhotoKept = RouterOutputs["transfer"]["keepRecipePhoto"];

/**
 * The photos the server keeps. Named one by one (not image/*) so that a phone's camera roll gives a JPEG of a HEIC
 * photo, as iOS does for a field that does not take HEIC.
 */
export const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/gif";
/** The server refuses a larger photo (413); checked before sending, so a cook does not wait on an upload to be refused. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const CHOOSE_A_PHOTO = "Please choose a JPEG, PNG, WebP or GIF photo";

/** Why a file cannot be sent as a recipe's photo, or null when it can (the server checks its bytes and pixels). */
export function photoFileProblem(file: Pick<File, "name" | "type" | "size"> | null | undefined): string | null {
  if (!file) return CHOOSE_A_PHOTO;
  if (!PHOTO_TYPES.split(",").includes(file.type) && !/\.(?:jpe?g|png|webp|gif)$/i.test(file.name.trim())) return CHOOSE_A_PHOTO;
  if (file.size > MAX_PHOTO_BYTES) return "The photo is larger than 10 MB";
  return null;
}

/** Sends the photo in the place of the recipe's photo; answers the recipe. */
export async function uploadRecipePhoto(id: string, file: File): Promise<PhotoKept> {
  return (await sendFile(`/api/recipes/${encodeURIComponent(id)}/image`, file, { method: "PUT" })) as PhotoKept;
}
