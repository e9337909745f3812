import type { Database } from "@kim/db";
import type { Kysely } from "kysely";
import type { PasswordHashing } from "../../config";
import { hashPassword } from "../auth/passwords";

/**
 * Creates the admin, or promotes an existing account. An existing password is kept, so restarting with the
 * same settings never undoes a password the admin has since changed.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  admin: { email: string; password: string },
  cost: PasswordHashing,
): Promise<"created" | "promoted"> {
  const email = admin.email.trim().toLowerCase();
  const password = await hashPassword(admin.password, cost);
  const row = await db
    .insertInto("users")
    .values({ email, password, role: "admin" })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        role: "admin",
        password: eb.fn.coalesce("users.password", eb.ref("excluded.password")),
        updatedAt: new Date(),
      })),
    )
    .returning(["createdAt", "updatedAt"])
    .executeTakeFirstOrThrow();
  return row.createdAt.getTime() === row.updatedAt.getTime() ? "created" : "promoted";
}
