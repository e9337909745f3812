import { inTransaction, type Database } from "@kim/db";
import {
  canInvite,
  HOUSEHOLD_INVITE_DAYS,
  HOUSEHOLD_MAX_MEMBERS,
  HOUSEHOLD_TEXTS,
  limitsPast,
  LIVE_KINDS,
  memberName,
  mergeRefusal,
  nextOwner,
  QUOTAS,
  takeRecipesRefusal,
  type JoinChoice,
} from "@kim/domain";
import type { Kysely } from "kysely";
import { appError, notFound } from "../../lib/errors";
import { lockMealSlots } from "../../lib/meal-slots";
import { spend, type Limit } from "../../lib/rate-limit";
import { publishChanges, publishMoves } from "../../live";
import { hashToken, newToken, type SessionUser } from "../../sessions/sessions";
import type { Context } from "../../trpc/context";
import {
  copyRecipes,
  deleteHousehold,
  deleteOpenInvite,
  fitMealsInto,
  deleteLeftBehind,
  giveUpHome,
  hasKitchen,
  householdsOfUsers,
  insertInvite,
  invitedAddress,
  invitePreview,
  kitchenSize,
  leaveBehind,
  leftBehindHome,
  lockHousehold,
  lockInvite,
  markInviteUsed,
  memberProfiles,
  membersOf,
  membershipOf,
  mergeKitchen,
  mergeShoppingLists,
  moveMember,
  newHome,
  openInvites,
  setRole,
} from "./queries";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MEMBER_NOT_FOUND = "Member not found";

/** Locks households in one order (by id), so two changes touching the same two can't wait on each other. */
async function lockAll(db: Kysely<Database>, ids: string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await lockHousehold(db, id);
}

/** The person's current household and role, read under its lock. */
async function lockedMembership(db: Kysely<Database>, userId: string) {
  for (;;) {
    const before = await membershipOf(db, userId);
    if (!before) throw notFound("Household not found");
    await lockHousehold(db, before.householdId);
    // A change that committed while this one waited for the lock may have moved the person: look again.
    const now = await membershipOf(db, userId);
    if (now && now.householdId === before.householdId) return now;
  }
}

function ownerOnly(role: string): void {
  if (role !== "owner") throw appError("FORBIDDEN", HOUSEHOLD_TEXTS.ownerOnly);
}

/** The signed-in person's household: its members (with the names shown beside shared things) and, for its owner, the open invitations. */
export async function householdOf(ctx: Pick<Context, "db" | "now">, user: SessionUser) {
  const [members, invites] = await Promise.all([
    memberProfiles(ctx.db, user.householdId),
    openInvites(ctx.db, user.householdId, ctx.now()),
  ]);
  const me = members.find((m) => m.userId === user.id);
  return {
    id: user.householdId,
    role: me?.role ?? "member",
    maxMembers: HOUSEHOLD_MAX_MEMBERS,
    members: members.map((m) => ({
      userId: m.userId,
      name: memberName(m),
      email: m.email,
      avatar: m.profileImageUrl,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
    })),
    invites: me?.role === "owner" ? invites.map((i) => ({ id: i.id, email: i.email, expiresAt: i.expiresAt.toISOString() })) : [],
  };
}

/**
 * Invitation mail, counted once the invitation is allowed (an owner, with room): a new invitation replaces the open
 * one, so the 12-person cap never stops resends. One owner may resend to an address a few times an hour; every
 * household together mails one address a few more times a day (so many accounts can't flood it, yet no one stranger
 * can block an address for long); and one owner mails a few dozen a day.
 */
export const INVITE_LIMITS = {
  perRecipient: { max: 3, windowMs: HOUR_MS },
  perAddress: { max: 10, windowMs: DAY_MS },
  perSender: { max: 30, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

/** The owner invites someone by email: a mailed link to the welcome screen, valid 7 days, used once. */
export async function invite(ctx: Context, user: SessionUser, email: string) {
  const token = newToken();
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    const me = await lockedMembership(trx, user.id);
    ownerOnly(me.role);
    const [members, invites] = await Promise.all([memberProfiles(trx, me.householdId), openInvites(trx, me.householdId, now)]);
    if (members.some((m) => m.email === email)) throw appError("CONFLICT", HOUSEHOLD_TEXTS.alreadyInvited);
    // A new invitation to the same address replaces the open one, so it doesn't count twice.
    const others = invites.filter((i) => i.email !== email).length;
    if (!canInvite(members.length, others)) throw appError("CONFLICT", HOUSEHOLD_TEXTS.full);
    // Counted in the invitation's transaction, so a refused request (not the owner, full, past a limit) spends
    // nothing: a stranger's refused tries can't use up an address's count.
    await spend(
      { db: trx, http: ctx.http },
      { key: `household-invite:user:${user.id}:to:${email}`, limit: INVITE_LIMITS.perRecipient, refusal: HOUSEHOLD_TEXTS.tooManyInvitesTo },
      { key: `household-invite:to:${email}`, limit: INVITE_LIMITS.perAddress, refusal: HOUSEHOLD_TEXTS.tooManyInvitesTo },
      { key: `household-invite:user:${user.id}`, limit: INVITE_LIMITS.perSender, refusal: HOUSEHOLD_TEXTS.tooManyInvites },
    );
    await insertInvite(
      trx,
      {
        householdId: me.householdId,
        email,
        tokenHash: hashToken(token),
        invitedBy: user.id,
        expiresAt: new Date(now.getTime() + HOUSEHOLD_INVITE_DAYS * DAY_MS),
      },
      now,
    );
  });
  const link = `${ctx.config.appUrl}/household/join?token=${encodeURIComponent(token)}`;
  const inviter = memberName(user);
  await ctx.sendMail(ctx.db, {
    to: email,
    subject: `${inviter} invites you to share their kitchen on Kim`,
    text: [
      `${inviter} (${user.email}) invites you to their household on Kim: one inventory, recipes, meal plan and shopping lists, shared.`,
      "",
      `Join here (the link expires in ${HOUSEHOLD_INVITE_DAYS} days and works once), with a new account or the one you have:`,
      link,
      "",
      "If you didn't expect this mail, ignore it.",
    ].join("\n"),
  });
  return { email };
}

/** The owner takes back an invitation still open: its link stops working (as an unknown one). */
export async function cancelInvite(ctx: Context, user: SessionUser, inviteId: string) {
  await inTransaction(ctx.db, async (trx) => {
    const me = await lockedMembership(trx, user.id);
    ownerOnly(me.role);
    if (!(await deleteOpenInvite(trx, me.householdId, inviteId, ctx.now()))) throw notFound(HOUSEHOLD_TEXTS.inviteNotOpen);
  });
  return { id: inviteId };
}

/** Whether an invitation still open waits for the address: it is kept for the person it was mailed to. */
export function awaitsInvitation(ctx: Pick<Context, "db" | "now">, email: string): Promise<boolean> {
  return invitedAddress(ctx.db, email, ctx.now());
}

/** A link's invitation, refused with a clear error when it can't be used. */
function usable<I extends { expiresAt: Date; usedAt: Date | null }>(invite: I | undefined, now: Date): I {
  if (!invite) throw notFound(HOUSEHOLD_TEXTS.inviteUnknown);
  if (invite.usedAt) throw appError("CONFLICT", HOUSEHOLD_TEXTS.inviteUsed);
  if (invite.expiresAt <= now) throw appError("CONFLICT", HOUSEHOLD_TEXTS.inviteExpired);
  return invite;
}

/** What the welcome screen shows for a link, before anyone signs in. */
export async function previewInvite(ctx: Pick<Context, "db" | "now">, token: string) {
  const invite = usable(await invitePreview(ctx.db, hashToken(token)), ctx.now());
  return {
    email: invite.email,
    invitedBy: invite.inviterEmail ? memberName({ firstName: invite.inviterFirstName, email: invite.inviterEmail }) : null,
    members: Number(invite.members ?? 0),
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/** A planned meal of the joiner's left out of a merge: its slot in the household was full. */
export interface LeftOutMeal {
  date: string;
  mealType: string;
  recipe: string | null;
}

/**
 * Joins the household a link invites to. The person's own kitchen is merged in or left behind in its own household
 * (they go back to it if they leave), as they choose. A merge keeps the household's rules: its shopping list takes the
 * joiner's items (one list), a meal slot keeps the household's meals and takes the joiner's only while it has room
 * (those left out are answered), and a kitchen that would be past a limit is refused, changing nothing. Joining again
 * with the link one has just used answers the household as it is (a double click applies once).
 */
export async function accept(ctx: Context, user: SessionUser, token: string, choice: JoinChoice | undefined) {
  const now = ctx.now();
  let leftOut: LeftOutMeal[] = [];
  await inTransaction(ctx.db, async (trx) => {
    const invite = await lockInvite(trx, hashToken(token));
    if (invite?.usedBy === user.id && (await membershipOf(trx, user.id))?.householdId === invite.householdId) return;
    const open = usable(invite, now);
    // The address stays unsaid: a link in the wrong hands mustn't tell whose account to take it to.
    if (open.email !== user.email.toLowerCase()) throw appError("FORBIDDEN", HOUSEHOLD_TEXTS.otherAddress);
    const me = await membershipOf(trx, user.id);
    if (!me) throw notFound("Household not found");
    if (me.householdId === open.householdId) throw appError("CONFLICT", HOUSEHOLD_TEXTS.alreadyMember);
    // Before the households' locks: a meal being planned holds the slots and then needs its household's row.
    await lockMealSlots(trx, open.householdId);
    await lockAll(trx, [me.householdId, open.householdId]);
    const [mine, theirs] = await Promise.all([membersOf(trx, me.householdId), membersOf(trx, open.householdId)]);
    if (mine.length > 1 || mine[0]?.userId !== user.id) throw appError("CONFLICT", HOUSEHOLD_TEXTS.leaveFirst);
    if (theirs.length === 0) throw notFound(HOUSEHOLD_TEXTS.inviteUnknown);
    if (theirs.length >= HOUSEHOLD_MAX_MEMBERS) throw appError("CONFLICT", HOUSEHOLD_TEXTS.full);
    const kitchen = await hasKitchen(trx, me.householdId);
    if (kitchen && !choice) throw appError("CONFLICT", HOUSEHOLD_TEXTS.choose);
    // One kitchen waits for a person at most: a second left behind could never be gone back to.
    if (kitchen && choice === "leave-behind" && (await leftBehindHome(trx, user.id)))
      throw appError("CONFLICT", HOUSEHOLD_TEXTS.oneLeftBehind);
    await moveMember(trx, user.id, open.householdId, "member", now);
    await publishMoves(trx, [user.id]);
    if (!kitchen || choice === "merge") {
      leftOut = await fitMealsInto(trx, me.householdId, open.householdId);
      await mergeShoppingLists(trx, me.householdId, open.householdId, user.id);
      await mergeKitchen(trx, me.householdId, open.householdId);
      // Counted under the households' locks, after the move: a merge racing another is counted with it.
      const past = limitsPast(await kitchenSize(trx, open.householdId));
      if (past.length > 0) throw appError("FORBIDDEN", mergeRefusal(past));
      await deleteHousehold(trx, me.householdId);
      // Every shared list of the household grew: its members' open screens hear it once the join commits.
      await publishChanges({ db: trx, user: { id: user.id, householdId: open.householdId } }, LIVE_KINDS);
    } else {
      // Theirs to come back to, even when someone else made it and handed it over.
      await leaveBehind(trx, me.householdId, user.id);
    }
    await markInviteUsed(trx, open.id, user.id, now);
  });
  return { householdId: (await membershipOf(ctx.db, user.id))!.householdId, leftOut };
}

/**
 * Takes a member out of a shared household to their own: the household they left their kitchen in, or a new one. With
 * `takeRecipes`, a copy of each recipe they added goes with them (the household keeps its own).
 */
async function goHome(trx: Kysely<Database>, userId: string, from: string, takeRecipes: boolean, now: Date): Promise<string> {
  const home = (await leftBehindHome(trx, userId))?.id ?? (await newHome(trx, userId));
  // Others keep the household they leave: even if it was made for them, it is no home of theirs now.
  await giveUpHome(trx, from, userId);
  await moveMember(trx, userId, home, "owner", now);
  await publishMoves(trx, [userId]);
  if (takeRecipes) {
    await copyRecipes(trx, userId, from, home);
    // The home is locked (leftBehindHome reads it for update, or it is new): nothing else adds to it meanwhile.
    if ((await kitchenSize(trx, home)).counts.recipes > QUOTAS.recipes.max) throw appError("FORBIDDEN", takeRecipesRefusal);
  }
  return home;
}

export async function leave(ctx: Context, user: SessionUser, takeRecipes: boolean) {
  const householdId = await inTransaction(ctx.db, async (trx) => {
    const me = await lockedMembership(trx, user.id);
    const members = await membersOf(trx, me.householdId);
    if (members.length <= 1) throw appError("CONFLICT", HOUSEHOLD_TEXTS.alone);
    if (me.role === "owner") throw appError("CONFLICT", HOUSEHOLD_TEXTS.ownerLeaves);
    return goHome(trx, user.id, me.householdId, takeRecipes, ctx.now());
  });
  return { householdId };
}

/** The owner takes a member out of the household; they go to their own, the shared kitchen stays. */
export async function removeMember(ctx: Context, user: SessionUser, memberId: string) {
  await inTransaction(ctx.db, async (trx) => {
    const me = await lockedMembership(trx, user.id);
    ownerOnly(me.role);
    const members = await membersOf(trx, me.householdId);
    const member = members.find((m) => m.userId === memberId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (memberId === user.id) throw appError("CONFLICT", members.length <= 1 ? HOUSEHOLD_TEXTS.alone : HOUSEHOLD_TEXTS.ownerLeaves);
    await goHome(trx, memberId, me.householdId, false, ctx.now());
  });
  return { userId: memberId };
}

/** The owner hands the household to another member, and stays as a member. */
export async function handOver(ctx: Context, user: SessionUser, memberId: string) {
  await inTransaction(ctx.db, async (trx) => {
    const me = await lockedMembership(trx, user.id);
    ownerOnly(me.role);
    const member = (await membersOf(trx, me.householdId)).find((m) => m.userId === memberId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (memberId === user.id) return;
    // The owner steps down first: one owner a household, at every moment (a unique index holds it).
    await setRole(trx, user.id, "member");
    await setRole(trx, memberId, "owner");
  });
  return { ownerId: memberId };
}

/**
 * What becomes of a person's households when their account is deleted (the admin's delete, and "delete my account"):
 * a household they own goes to the member who joined first, or is deleted with its kitchen when they are alone in
 * it; a household they left their kitchen in goes too. The shared things they added stay, no longer signed by them.
 * Run in the deleting transaction, before the user's row goes.
 */
export async function releaseHouseholdsOf(trx: Kysely<Database>, userId: string): Promise<void> {
  const me = await lockedMembership(trx, userId);
  await publishMoves(trx, [userId]);
  const members = await membersOf(trx, me.householdId);
  const heir = nextOwner(members, userId);
  if (!heir) await deleteHousehold(trx, me.householdId);
  else if (me.role === "owner") {
    await setRole(trx, userId, "member");
    await setRole(trx, heir.userId, "owner");
  }
  await deleteLeftBehind(trx, userId);
}

/** Each user of an admin's page with their household: its id, their role in it and how many people it holds. */
export async function withHouseholds<U extends { id: string }>(db: Kysely<Database>, users: U[]) {
  const rows = await householdsOfUsers(
    db,
    users.map((u) => u.id),
  );
  const byUser = new Map(rows.map((r) => [r.userId, { id: r.householdId, role: r.role, members: Number(r.members ?? 0) }]));
  return users.map((u) => ({ ...u, household: byUser.get(u.id) ?? null }));
}
