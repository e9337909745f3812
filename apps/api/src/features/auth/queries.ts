import type { Database, NewUser } from "@kim/db";
import { sql, type Kysely } from "kysely";
import { userColumns } from "../../sessions/user-columns";

/** The user with their password hash, for checking a sign-in; the hash never leaves this feature. */
export function findCredentials(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("users")
    .select([...userColumns, "users.password"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** Inserts the user unless the email is taken; undefined when it is. */
export function insertUser(db: Kysely<Database>, user: NewUser) {
  return db
    .insertInto("users")
    .values(user)
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(userColumns)
    .executeTakeFirst();
}

export async function setResetToken(db: Kysely<Database>, userId: string, tokenHash: string, expires: Date): Promise<void> {
  await db
    .updateTable("users")
    .set({ passwordResetToken: tokenHash, passwordResetExpires: expires, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}

/**
 * Sets a reset token on the account with this email and queues its mail, in one statement that runs the same whether
 * or not the account exists (the update finds no row, so nothing is queued): the answer's timing can't tell. With
 * `send` false it changes nothing, so the link last mailed stays the one that works. Nor does it replace a live token
 * that lasts longer (an admin-created account's 7-day welcome link): a stranger's request would otherwise kill it,
 * and the invitee still has the welcome mail.
 */
export async function queueResetMail(
  db: Kysely<Database>,
  reset: { email: string; tokenHash: string; expires: Date; send: boolean; subject: string; text: string; html: string },
): Promise<void> {
  await db
    .with("account", (qb) =>
      qb
        .updateTable("users")
        .set({ passwordResetToken: reset.tokenHash, passwordResetExpires: reset.expires, updatedAt: new Date() })
        .where("email", "=", reset.email)
        .where(sql<boolean>`${reset.send}`)
        .where((eb) => eb.or([eb("passwordResetExpires", "is", null), eb("passwordResetExpires", "<=", reset.expires)]))
        .returning("email"),
    )
    .insertInto("emailOutbox")
    .columns(["toAddress", "subject", "textBody", "htmlBody"])
    .expression((eb) =>
      eb
        .selectFrom("account")
        .select((s) => [
          "account.email",
          s.val(reset.subject).as("subject"),
          s.val(reset.text).as("textBody"),
          s.val(reset.html).as("htmlBody"),
        ]),
    )
    .execute();
}

/** Whether an account holds this reset token, unexpired. */
export async function hasLiveResetToken(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("passwordResetToken", "=", tokenHash)
    .where("passwordResetExpires", ">", new Date())
    .executeTakeFirst();
  return !!row;
}

/** Sets the password for a live token and spends the token in the same statement, so it works once. */
export async function resetPasswordWithToken(db: Kysely<Database>, tokenHash: string, passwordHash: string) {
  const row = await db
    .updateTable("users")
    .set({ password: passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: new Date() })
    .where("passwordResetToken", "=", tokenHash)
    .where("passwordResetExpires", ">", new Date())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Whether this browser's device token signed in to the account with this email before; marks it used. */
export async function isKnownDevice(db: Kysely<Database>, tokenHash: string, email: string): Promise<boolean> {
  const row = await db
    .updateTable("knownDevices")
    .set({ lastUsedAt: new Date() })
    .from("users")
    .whereRef("users.id", "=", "knownDevices.userId")
    .where("knownDevices.tokenHash", "=", tokenHash)
    .where("users.email", "=", email)
    .returning("knownDevices.tokenHash")
    .executeTakeFirst();
  return !!row;
}

export async function rememberDevice(db: Kysely<Database>, tokenHash: string, userId: string): Promise<void> {
  await db
    .insertInto("knownDevices")
    .values({ tokenHash, userId })
    .onConflict((oc) => oc.column("tokenHash").doUpdateSet({ userId, lastUsedAt: new Date() }))
    .execute();
}
