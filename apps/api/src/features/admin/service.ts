import type { Database } from "@kim/db";
import type { AdminBugReportUpdate, AdminCreateUserInput, AdminUserListInput, Role } from "@kim/domain";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../lib/db-errors";
import { appError, notFound } from "../../lib/errors";
import type { Context } from "../../trpc/context";
import { ADMINS_ONLY } from "../../trpc/init";
import { sendPasswordReset, sendSetPasswordInvite } from "../auth/service";
import { cancelSubscriptionBeforeDeletion } from "../billing/service";
import { deleteUserSessions } from "../../sessions/sessions";
import { EMAIL_TAKEN, tellOldAddress } from "../profile/service";
import { releaseHouseholdsOf, withHouseholds } from "../households/service";
import {
  forgetUserTraces,
  insertUserWithoutPassword,
  listUsers,
  lockAdmins,
  lockBugReport,
  lockUser,
  recordAudit,
  toAdminUser,
  updateBugReport,
  updateUser,
  type AdminUser,
} from "./queries";

type Admin = NonNullable<Context["user"]>;

/** The admin's user view: a page of users, each with their household (decision 0036). */
export async function usersPage(ctx: Context, input: AdminUserListInput) {
  const page = await listUsers(ctx.db, input);
  return { ...page, items: await withHouseholds(ctx.db, page.items) };
}

export const USER_NOT_FOUND = "User not found";
export const BUG_REPORT_NOT_FOUND = "Bug report not found";
export const LAST_ADMIN = "The last admin can't be demoted or deleted; make another admin first";
export const NOT_YOURSELF_DEMOTE = "You can't remove your own admin role; ask another admin";
export const NOT_YOURSELF_DELETE = "You can't delete your own account here; ask another admin";

const actorOf = (admin: Admin) => ({ id: admin.id, email: admin.email });
const targetOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

/**
 * Runs an admin's change in one transaction with every admin row locked: two admins demoting or deleting each other
 * at once are served one after the other, and the second sees the first's result. The acting admin must still be an
 * admin once the lock is held.
 */
async function asAdmin<T>(ctx: Context, admin: Admin, work: (trx: Kysely<Database>, admins: string[]) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx);
    if (!admins.includes(admin.id)) throw appError("FORBIDDEN", ADMINS_ONLY);
    return work(trx, admins);
  });
}

async function lockedUser(trx: Kysely<Database>, id: string) {
  const user = await lockUser(trx, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** The account gets no password: a mail brings a link to choose one, valid 7 days. */
export async function createUser(ctx: Context, admin: Admin, input: AdminCreateUserInput): Promise<AdminUser> {
  const user = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertUserWithoutPassword(trx, input);
    if (!row) throw appError("CONFLICT", EMAIL_TAKEN);
    const created = toAdminUser(row);
    await recordAudit(trx, { actor: actorOf(admin), action: "user.create", target: targetOf(created), after: snapshot(created) });
    return created;
  });
  await sendSetPasswordInvite(ctx, user.id, user.email);
  return user;
}

/** The fields the audit keeps of a user. */
function snapshot(user: AdminUser | (Omit<AdminUser, "createdAt"> & { createdAt: Date })) {
  const { id: _id, createdAt: _createdAt, ...fields } = user;
  return fields;
}

export async function setRole(ctx: Context, admin: Admin, id: string, role: Role): Promise<AdminUser> {
  return asAdmin(ctx, admin, async (trx, admins) => {
    const before = await lockedUser(trx, id);
    if (before.role === role) return toAdminUser(before);
    if (role === "user") {
      if (admins.length <= 1) throw appError("CONFLICT", LAST_ADMIN);
      if (id === admin.id) throw appError("CONFLICT", NOT_YOURSELF_DEMOTE);
    }
    const after = await updateUser(trx, id, { role });
    // A demoted admin's open pages must not keep admin powers: their sessions end now.
    if (role === "user") await deleteUserSessions(trx, id);
    await recordAudit(trx, {
      actor: actorOf(admin),
      action: "user.role",
      target: targetOf(before),
      before: { role: before.role },
      after: { role },
    });
    return toAdminUser(after);
  });
}

export async function setFlag(
  ctx: Context,
  admin: Admin,
  id: string,
  change: { isPro: boolean } | { isBetaTester: boolean },
): Promise<AdminUser> {
  const [field, value] = Object.entries(change)[0] as ["isPro" | "isBetaTester", boolean];
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockedUser(trx, id);
    if (before[field] === value) return toAdminUser(before);
    const after = await updateUser(trx, id, { [field]: value });
    const action = field === "isPro" ? "user.pro" : "user.beta";
    await recordAudit(trx, {
      actor: actorOf(admin),
      action,
      target: targetOf(before),
      before: { [field]: before[field] },
      after: { [field]: value },
    });
    return toAdminUser(after);
  });
}

/** A new email ends any outstanding reset link (it went to the old address), and the old address is told. */
export async function setEmail(ctx: Context, admin: Admin, id: string, email: string): Promise<AdminUser> {
  let before: AdminUser | undefined;
  let after: AdminUser;
  try {
    after = await ctx.db.transaction().execute(async (trx) => {
      const locked = toAdminUser(await lockedUser(trx, id));
      before = locked;
      if (locked.email === email) return locked;
      const updated = await updateUser(trx, id, { email, passwordResetToken: null, passwordResetExpires: null });
      await recordAudit(trx, {
        actor: actorOf(admin),
        action: "user.email",
        target: targetOf(locked),
        before: { email: locked.email },
        after: { email },
      });
      return toAdminUser(updated);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw appError("CONFLICT", EMAIL_TAKEN);
    throw err;
  }
  if (before && before.email !== after.email) await tellOldAddress(ctx, before.email, after.email);
  return after;
}

export async function sendReset(ctx: Context, admin: Admin, id: string): Promise<{ message: string }> {
  const user = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedUser(trx, id);
    await recordAudit(trx, { actor: actorOf(admin), action: "user.password-reset", target: targetOf(row) });
    return row;
  });
  await sendPasswordReset(ctx, user.id, user.email);
  return { message: "Password reset email sent" };
}

/**
 * The user's reports and sessions go with them (foreign keys cascade), their household to its longest member or, when
 * they were alone in it, with its kitchen (releaseHouseholdsOf), and the rows
 * naming them without a key (mail to their address, their rate-limit counters). The one deletion path: an admin
 * deleting a user, or (`ownAccount`, the profile's "Delete account") a person deleting their own account, which
 * needs no admin and leaves no audit row naming them; the last admin can't go either way. The user's Stripe
 * subscription is cancelled first (deleteAccount does it itself, as its mail tells of it); Stripe unreachable deletes
 * nothing.
 */
export async function deleteUser(ctx: Context, admin: Admin, id: string, ownAccount = false): Promise<{ id: string }> {
  if (!ownAccount) {
    // Refused before Stripe is called, so the refusal cancels nothing.
    if (id === admin.id) throw appError("CONFLICT", NOT_YOURSELF_DELETE);
    await cancelSubscriptionBeforeDeletion(ctx, id);
  }
  const remove = async (trx: Kysely<Database>, admins: string[]) => {
    const before = await lockedUser(trx, id);
    if (before.role === "admin" && admins.length <= 1) throw appError("CONFLICT", LAST_ADMIN);
    await releaseHouseholdsOf(trx, id);
    await trx.deleteFrom("users").where("id", "=", id).execute();
    await forgetUserTraces(trx, before);
    if (!ownAccount) {
      await recordAudit(trx, { actor: actorOf(admin), action: "user.delete", target: targetOf(before), before: snapshot(before) });
    }
    return { id };
  };
  if (!ownAccount) return asAdmin(ctx, admin, remove);
  return ctx.db.transaction().execute(async (trx) => remove(trx, await lockAdmins(trx)));
}

export async function triageBugReport(ctx: Context, admin: Admin, input: AdminBugReportUpdate) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockBugReport(trx, input.id);
    if (!before) throw notFound(BUG_REPORT_NOT_FOUND);
    const change = { status: input.status, ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : {}) };
    const after = await updateBugReport(trx, input.id, change);
    await recordAudit(trx, {
      actor: actorOf(admin),
      action: "bug-report.update",
      target: { id: before.userId, email: before.email },
      bugReportId: input.id,
      before: { status: before.status, adminNotes: before.adminNotes },
      after: { status: after.status, adminNotes: after.adminNotes },
    });
    return { ...after, updatedAt: after.updatedAt.toISOString() };
  });
}
