import type { Database } from "@kim/db";
import type { ProfileInput } from "@kim/domain";
import { sql, type Kysely } from "kysely";
import { userColumns } from "../../sessions/user-columns";

/**
 * Writes the profile. A new email ends any outstanding password-reset link in the same statement: a link mailed
 * to the old address must not open the account any more.
 */
export function updateProfileRow(db: Kysely<Database>, userId: string, input: ProfileInput) {
  const emailChanges = input.email === undefined ? sql<boolean>`false` : sql<boolean>`email <> ${input.email}`;
  return db
    .updateTable("users")
    .set({
      ...input,
      passwordResetToken: sql`case when ${emailChanges} then null else password_reset_token end`,
      passwordResetExpires: sql`case when ${emailChanges} then null else password_reset_expires end`,
      updatedAt: new Date(),
    })
    .where("id", "=", userId)
    .returning(userColumns)
    .executeTakeFirst();
}
