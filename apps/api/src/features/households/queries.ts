import type { Database } from "@kim/db";
import { MAX_MEALS_PER_SLOT, type HouseholdRole, type KitchenSize } from "@kim/domain";
import { sql, type Kysely } from "kysely";

/** The tables whose rows are a household's kitchen (migration 0036), and the list each one counts in. */
const KITCHEN = [
  ["ingredients", "ingredients"],
  ["recipes", "recipes"],
  ["meal_plans", "meal-plans"],
  ["shopping_lists", "shopping-lists"],
  ["stock_events", null],
] as const;

export interface Member {
  userId: string;
  role: HouseholdRole;
  joinedAt: Date;
}

/**
 * Locks the household for a change of its members (join, leave, remove, hand over): changes to one household are
 * taken one at a time, so the 12-person limit and the one owner hold however many arrive at once.
 */
export async function lockHousehold(db: Kysely<Database>, householdId: string): Promise<boolean> {
  const row = await db.selectFrom("households").select("id").where("id", "=", householdId).forUpdate().executeTakeFirst();
  return !!row;
}

/** The person's membership, read again under the locks (the session's copy may be a moment old). */
export function membershipOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom("householdMembers").select(["householdId", "role", "joinedAt"]).where("userId", "=", userId).executeTakeFirst();
}

export function membersOf(db: Kysely<Database>, householdId: string): Promise<Member[]> {
  return db
    .selectFrom("householdMembers")
    .select(["userId", "role", "joinedAt"])
    .where("householdId", "=", householdId)
    .orderBy("joinedAt")
    .orderBy("userId")
    .execute();
}

/** The household as its members see it: each person with the name shown beside shared things. */
export function memberProfiles(db: Kysely<Database>, householdId: string) {
  return db
    .selectFrom("householdMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["m.userId", "m.role", "m.joinedAt", "u.email", "u.firstName", "u.lastName", "u.profileImageUrl"])
    .where("m.householdId", "=", householdId)
    .orderBy("m.joinedAt")
    .orderBy("m.userId")
    .execute();
}

/** Invitations still open (not used, not expired) at `now`. */
export function openInvites(db: Kysely<Database>, householdId: string, now: Date) {
  return db
    .selectFrom("householdInvites")
    .select(["id", "email", "expiresAt", "createdAt"])
    .where("householdId", "=", householdId)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .orderBy("createdAt")
    .execute();
}

/** Whether an invitation still open (not used, not expired) at `now` was sent to the address, by any household. */
export async function invitedAddress(db: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("householdInvites")
    .select("id")
    .where("email", "=", email)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return !!row;
}

/** A new invitation replaces any open one to the same address: one working link per person. */
export async function insertInvite(
  db: Kysely<Database>,
  invite: { householdId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .updateTable("householdInvites")
    .set({ expiresAt: now })
    .where("householdId", "=", invite.householdId)
    .where("email", "=", invite.email)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .execute();
  await db.insertInto("householdInvites").values(invite).execute();
}

/** Deletes an invitation of the household that is still open; false when there is none. */
export async function deleteOpenInvite(db: Kysely<Database>, householdId: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .deleteFrom("householdInvites")
    .where("id", "=", id)
    .where("householdId", "=", householdId)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

/** The invitation a link carries, locked: of two accepts of one link, the second waits and then sees it used. */
export function lockInvite(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("householdInvites")
    .select(["id", "householdId", "email", "expiresAt", "usedAt", "usedBy"])
    .where("tokenHash", "=", tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** What the welcome screen shows before anyone signs in: who invited, to how many people, until when. */
export function invitePreview(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("householdInvites as i")
    .leftJoin("users as u", "u.id", "i.invitedBy")
    .select((eb) => [
      "i.householdId",
      "i.email",
      "i.expiresAt",
      "i.usedAt",
      "u.firstName as inviterFirstName",
      "u.email as inviterEmail",
      eb
        .selectFrom("householdMembers as m")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("m.householdId", "=", "i.householdId")
        .as("members"),
    ])
    .where("i.tokenHash", "=", tokenHash)
    .executeTakeFirst();
}

export async function markInviteUsed(db: Kysely<Database>, id: string, userId: string, now: Date): Promise<void> {
  await db.updateTable("householdInvites").set({ usedAt: now, usedBy: userId }).where("id", "=", id).execute();
}

export async function moveMember(db: Kysely<Database>, userId: string, householdId: string, role: HouseholdRole, now: Date) {
  await db.updateTable("householdMembers").set({ householdId, role, joinedAt: now }).where("userId", "=", userId).execute();
}

export async function setRole(db: Kysely<Database>, userId: string, role: HouseholdRole): Promise<void> {
  await db.updateTable("householdMembers").set({ role }).where("userId", "=", userId).execute();
}

/** Whether the household holds anything in its kitchen. */
export async function hasKitchen(db: Kysely<Database>, householdId: string): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`select ${sql.join(
    KITCHEN.map(([table]) => sql`exists (select 1 from ${sql.table(table)} where household_id = ${householdId})`),
    sql` or `,
  )} as any`.execute(db);
  return rows[0]!.any;
}

/**
 * Moves every row of one household's kitchen into another, keeping who added and changed each, then counts the
 * receiving household's rows again (the update trigger bumps its versions but can't tell rows that arrived).
 */
export async function mergeKitchen(db: Kysely<Database>, from: string, into: string): Promise<void> {
  for (const [table] of KITCHEN) {
    await sql`update ${sql.table(table)} set household_id = ${into} where household_id = ${from}`.execute(db);
  }
  for (const [table, list] of KITCHEN) {
    if (!list) continue;
    await sql`
      insert into list_versions (household_id, list, version, row_count)
      select ${into}, ${list}, 1, count(*) from ${sql.table(table)} where household_id = ${into}
      on conflict (household_id, list) do update set version = list_versions.version + 1, row_count = excluded.row_count`.execute(db);
  }
}

/**
 * Before a merge: leaves out the meals of `from` that its slots in `into` have no room for (the household's own meals
 * stay, the joiner's fill what is left in the order they were planned), and answers them. The caller holds `into`'s
 * meal slots (lockMealSlots), so no meal planned meanwhile escapes the count.
 */
export async function fitMealsInto(db: Kysely<Database>, from: string, into: string) {
  const { rows } = await sql<{ date: string; mealType: string; recipe: string | null }>`
    with placed as (
      select m.id, row_number() over (partition by m.date, m.meal_type order by m.created_at, m.id)
        + (select count(*) from meal_plans h where h.household_id = ${into} and h.date = m.date and h.meal_type = m.meal_type) as place
      from meal_plans m where m.household_id = ${from}
    ),
    gone as (
      delete from meal_plans m using placed p where m.id = p.id and p.place > ${MAX_MEALS_PER_SLOT}
      returning m.date, m.meal_type, m.recipe_id, m.created_at
    )
    select g.date::text as date, g.meal_type as "mealType", r.title as recipe
    from gone g left join recipes r on r.id = g.recipe_id
    order by g.date, g.meal_type, g.created_at`.execute(db);
  return rows;
}

/**
 * Before a merge: one shopping list stays. The joiner's items go on the household's first list (the one the app
 * shows), after its own, each keeping who changed it; the joiner's lists go. A household without a list takes the
 * joiner's first, with the items of their other lists. The list moves to its next version, so a save made on the
 * one before is refused (409) rather than dropping the items that arrived.
 */
export async function mergeShoppingLists(db: Kysely<Database>, from: string, into: string, userId: string): Promise<void> {
  const first = (householdId: string) =>
    db
      .selectFrom("shoppingLists")
      .select("id")
      .where("householdId", "=", householdId)
      .orderBy("createdAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
  const target = (await first(into)) ?? (await first(from));
  if (!target) return;
  await sql`
    with gone as (
      delete from shopping_lists where household_id = ${from} and id <> ${target.id} returning items, created_at, id
    )
    update shopping_lists set
      items = items || coalesce((
        select jsonb_agg(e.item order by g.created_at, g.id, e.n) from gone g, jsonb_array_elements(g.items) with ordinality as e(item, n)
      ), '[]'::jsonb),
      version = version + 1, updated_by = ${userId}, updated_at = now()
    where id = ${target.id} and exists (select 1 from gone)`.execute(db);
}

/** What the household's kitchen holds as its limits count it (its rows of each quota, its fullest list's items). */
export async function kitchenSize(db: Kysely<Database>, householdId: string): Promise<KitchenSize> {
  const count = (table: string) => sql<number>`(select count(*)::int from ${sql.table(table)} where household_id = ${householdId})`;
  const { rows } = await sql<KitchenSize["counts"] & { listItems: number }>`select
    ${count("ingredients")} as ingredients, ${count("recipes")} as recipes, ${count("meal_plans")} as "mealPlans",
    ${count("shopping_lists")} as "shoppingLists",
    (select coalesce(max(jsonb_array_length(items)), 0)::int from shopping_lists where household_id = ${householdId}) as "listItems"`.execute(
    db,
  );
  const { listItems, ...counts } = rows[0]!;
  return { counts, listItems };
}

/** The household the person left their kitchen in, when it stands empty of people: where they go back to. */
export function leftBehindHome(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("households as h")
    .select("h.id")
    .where("h.homeOf", "=", userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("householdMembers as m").select("m.userId").whereRef("m.householdId", "=", "h.id"))))
    .orderBy("h.createdAt", "desc")
    .forUpdate()
    .executeTakeFirst();
}

/** The person leaves the household, alone in it, with its kitchen: it is theirs to come back to, whoever made it. */
export async function leaveBehind(db: Kysely<Database>, householdId: string, userId: string): Promise<void> {
  await db.updateTable("households").set({ homeOf: userId }).where("id", "=", householdId).execute();
}

/** The person leaves a household others keep: it is no home of theirs to come back to, even if it was made for them. */
export async function giveUpHome(db: Kysely<Database>, householdId: string, userId: string): Promise<void> {
  await db.updateTable("households").set({ homeOf: null }).where("id", "=", householdId).where("homeOf", "=", userId).execute();
}

export async function newHome(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.insertInto("households").values({ homeOf: userId }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Copies the recipes the person added to the shared household into their own, as they are now. */
export async function copyRecipes(db: Kysely<Database>, userId: string, from: string, into: string): Promise<number> {
  const { numAffectedRows } = await sql`
    insert into recipes (household_id, created_by, updated_by, title, description, image_url, prep_time, cook_time, servings,
      difficulty, cuisine_type, ingredients, instructions, tags, is_ai_extracted)
    select ${into}, ${userId}, ${userId}, title, description, image_url, prep_time, cook_time, servings,
      difficulty, cuisine_type, ingredients, instructions, tags, is_ai_extracted
    from recipes where household_id = ${from} and created_by = ${userId}`.execute(db);
  return Number(numAffectedRows ?? 0);
}

export async function deleteHousehold(db: Kysely<Database>, householdId: string): Promise<void> {
  await db.deleteFrom("households").where("id", "=", householdId).execute();
}

/** The households a person left their kitchen in that no one is in: they go with the person's account. */
export async function deleteLeftBehind(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom("households as h")
    .where("h.homeOf", "=", userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("householdMembers as m").select("m.userId").whereRef("m.householdId", "=", "h.id"))))
    .execute();
}

/** For the admin's user view: each user's household, their role in it and how many people it holds. */
export function householdsOfUsers(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("householdMembers as m")
    .select((eb) => [
      "m.userId",
      "m.householdId",
      "m.role",
      eb
        .selectFrom("householdMembers as o")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("o.householdId", "=", "m.householdId")
        .as("members"),
    ])
    .where("m.userId", "in", userIds)
    .execute();
}
