import type { Database } from "@kim/db";
import type { Kysely } from "kysely";
import type { PasswordHashing } from "../../config";
import { deleteUserSessions } from "../../sessions/sessions";
import { hashPassword } from "../auth/passwords";

/** What ensureAdmin did: a new admin, an account made admin (its password replaced), or an admin left as it was. */
export type AdminOutcome = "created" | "promoted" | "kept";

export const PROMOTED_WARNING =
  "was an account made without this setting (anyone may have signed up with the address): it is now an admin with the configured password, and its sessions ended";

/**
 * Creates the admin, or promotes an existing account. An admin's password is kept, so restarting with the same
 * settings never undoes a password the admin has since changed. An account that is not yet an admin gets the
 * configured password and loses its sessions: signup is unverified, so its password may be a stranger's who
 * registered the address first.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  admin: { email: string; password: string },
  cost: PasswordHashing,
): Promise<AdminOutcome> {
  const email = admin.email.trim().toLowerCase();
  const password = await hashPassword(admin.password, cost);
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("users")
      .values({ email, password, role: "admin" })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (created) return "created";
    const promoted = await trx
      .updateTable("users")
      .set({ role: "admin", password, updatedAt: new Date() })
      .where("email", "=", email)
      .where("role", "!=", "admin")
      .returning("id")
      .executeTakeFirst();
    if (!promoted) return "kept";
    await deleteUserSessions(trx, promoted.id);
    return "promoted";
  });
}
