import type { Database } from "@kim/db";
import type { ProfileInput } from "@kim/domain";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../lib/db-errors";
import { appError, notFound } from "../../lib/errors";
import { publicUser } from "../auth/public-user";
import { userColumns } from "../auth/queries";

export const EMAIL_TAKEN = "That email is already used by another account";

export async function updateProfile(db: Kysely<Database>, userId: string, input: ProfileInput) {
  try {
    const user = await db
      .updateTable("users")
      .set({ ...input, updatedAt: new Date() })
      .where("id", "=", userId)
      .returning(userColumns)
      .executeTakeFirst();
    if (!user) throw notFound("User not found");
    return publicUser(user);
  } catch (err) {
    if (isUniqueViolation(err)) throw appError("CONFLICT", EMAIL_TAKEN);
    throw err;
  }
}
