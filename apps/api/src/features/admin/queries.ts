import type { Database } from "@kim/db";
import type { AdminAuditListInput, AdminBugReportListInput, AdminUserListInput, BugStatus, Role } from "@kim/domain";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";

/** The user fields the dashboard shows and the audit keeps. */
export const adminUserColumns = [
  "id",
  "email",
  "firstName",
  "lastName",
  "profileImageUrl",
  "role",
  "isPro",
  "isBetaTester",
  "createdAt",
] as const;

/** A user as the dashboard receives it (dates as ISO text, as they travel). */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string;
  role: Role;
  isPro: boolean;
  isBetaTester: boolean;
  createdAt: string;
}

type UserRow = Omit<AdminUser, "createdAt"> & { createdAt: Date };
export const toAdminUser = (row: UserRow): AdminUser => ({ ...row, createdAt: row.createdAt.toISOString() });

export interface Page<T> {
  items: T[];
  /** How many match; when not exact, at least this many (the count stopped there). */
  total: number;
  totalIsExact: boolean;
  page: number;
  pageSize: number;
}

/**
 * The count of matching users stops here: below it the total is exact ("of 275"), past it a lower bound
 * ("of 5,000+"), so a page never counts more than this many rows however many users there are.
 */
export const EXACT_TOTAL_MAX = 5000;

/** `%`, `_` and `\` match themselves in a search, not any text; the search matches anywhere. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of users, newest first, with how many match. The search finds any part of the name, the full name or
 * the email, in any case ("gmail", "ann b", "aker"), in the users' search_text (migration 0019), whose trigram index
 * reads the matches and not all 20,000 users. Paging walks the (created_at, id) index.
 */
export async function listUsers(db: Kysely<Database>, input: AdminUserListInput): Promise<Page<AdminUser>> {
  const pattern = input.search ? containsPattern(input.search) : null;
  const matches = (eb: ExpressionBuilder<Database, "users">): Expression<SqlBool> =>
    pattern === null ? eb.lit(true) : eb("searchText", "like", pattern);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("users")
      .select(adminUserColumns)
      .where(matches)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("users")
          .select(sql.lit(1).as("one"))
          .where(matches)
          .limit(EXACT_TOTAL_MAX + 1)
          .as("matching"),
      )
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const counted = Number(count.total);
  const totalIsExact = counted <= EXACT_TOTAL_MAX;
  const total = totalIsExact ? counted : EXACT_TOTAL_MAX;
  return { items: rows.map(toAdminUser), total, totalIsExact, page: input.page, pageSize: input.pageSize };
}

/** The summary cards' three counts, in one statement. */
export async function dashboardSummary(db: Kysely<Database>) {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*) from users)`.as("totalUsers"),
      sql<number>`(select count(*) from bug_reports where status = 'open')`.as("openBugReports"),
      sql<number>`(select count(*) from bug_reports where priority = 'high' and status <> 'closed')`.as("highPriority"),
    ])
    .executeTakeFirstOrThrow();
  return { totalUsers: Number(row.totalUsers), openBugReports: Number(row.openBugReports), highPriority: Number(row.highPriority) };
}

export interface AdminBugReport {
  id: string;
  title: string;
  description: string;
  priority: string;
  status: string;
  adminNotes: string | null;
  pageUrl: string | null;
  userAgent: string | null;
  /** Sent by a cook with Pro access: listed first, with a badge. */
  prioritySupport: boolean;
  /** The reporter (the spec's `userId`), and their email for the admin to read. */
  userId: string;
  reporterEmail: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The order of the triage list: priority support (Pro) first, then newest first, as the triage index reads it. The id
 * last keeps pages stable when reports share a time.
 */
const BUG_REPORT_ORDER = [
  ["bugReports.prioritySupport", "desc"],
  ["bugReports.createdAt", "desc"],
  ["bugReports.id", "desc"],
] as const;

/** One page of bug reports, priority support first and then newest first, optionally of one status, with the reporter's email. */
export async function listBugReports(db: Kysely<Database>, input: AdminBugReportListInput): Promise<Page<AdminBugReport>> {
  let query = db
    .selectFrom("bugReports")
    .innerJoin("users", "users.id", "bugReports.userId")
    .select([
      "bugReports.id",
      "bugReports.title",
      "bugReports.description",
      "bugReports.priority",
      "bugReports.status",
      "bugReports.adminNotes",
      "bugReports.pageUrl",
      "bugReports.userAgent",
      "bugReports.prioritySupport",
      "bugReports.userId",
      "users.email as reporterEmail",
      "bugReports.createdAt",
      "bugReports.updatedAt",
    ]);
  if (input.status) query = query.where("bugReports.status", "=", input.status);
  for (const [key, direction] of BUG_REPORT_ORDER) query = query.orderBy(key, direction);
  let counted = db.selectFrom("bugReports").select((eb) => eb.fn.countAll<number>().as("total"));
  if (input.status) counted = counted.where("status", "=", input.status);
  const [rows, count] = await Promise.all([
    query
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
  return { items, total: Number(count.total), totalIsExact: true, page: input.page, pageSize: input.pageSize };
}

/** The report's fields an admin may change, locked for the update that follows, with its owner. */
export function lockBugReport(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("bugReports")
    .innerJoin("users", "users.id", "bugReports.userId")
    .select(["bugReports.status", "bugReports.adminNotes", "bugReports.userId", "users.email"])
    .where("bugReports.id", "=", id)
    .forUpdate("bugReports")
    .executeTakeFirst();
}

export function updateBugReport(db: Kysely<Database>, id: string, change: { status: BugStatus; adminNotes?: string | null }) {
  return db
    .updateTable("bugReports")
    .set({ ...change, updatedAt: new Date() })
    .where("id", "=", id)
    .returning(["id", "status", "adminNotes", "updatedAt"])
    .executeTakeFirstOrThrow();
}

export interface AuditEntry {
  actor: { id: string; email: string };
  action: string;
  target?: { id: string; email: string } | undefined;
  bugReportId?: string | undefined;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);
  await db
    .insertInto("adminAudit")
    .values({
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetUserId: entry.target?.id ?? null,
      targetEmail: entry.target?.email ?? null,
      bugReportId: entry.bugReportId ?? null,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

/** One page of the audit, newest first, for everyone or about one user. */
export async function listAudit(db: Kysely<Database>, input: AdminAuditListInput) {
  let query = db
    .selectFrom("adminAudit")
    .select(["id", "actorId", "actorEmail", "action", "targetUserId", "targetEmail", "bugReportId", "before", "after", "createdAt"]);
  let counted = db.selectFrom("adminAudit").select((eb) => eb.fn.countAll<number>().as("total"));
  if (input.userId) {
    query = query.where("targetUserId", "=", input.userId);
    counted = counted.where("targetUserId", "=", input.userId);
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { items, total: Number(count.total), totalIsExact: true, page: input.page, pageSize: input.pageSize };
}

/** Locks every admin row, so two demotions or deletions at once see each other and the last admin stays. */
export async function lockAdmins(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("users").select("id").where("role", "=", "admin").forUpdate().execute();
  return rows.map((r) => r.id);
}

export function lockUser(db: Kysely<Database>, id: string) {
  return db.selectFrom("users").select(adminUserColumns).where("id", "=", id).forUpdate().executeTakeFirst();
}

export function updateUser(
  db: Kysely<Database>,
  id: string,
  change: Partial<{
    role: Role;
    email: string;
    isPro: boolean;
    isBetaTester: boolean;
    passwordResetToken: null;
    passwordResetExpires: null;
  }>,
) {
  return db
    .updateTable("users")
    .set({ ...change, updatedAt: new Date() })
    .where("id", "=", id)
    .returning(adminUserColumns)
    .executeTakeFirstOrThrow();
}

/** Inserts an account without a password unless the email is taken; undefined when it is. */
export function insertUserWithoutPassword(
  db: Kysely<Database>,
  user: { email: string; firstName: string | null; lastName: string | null; role: Role; isPro: boolean; isBetaTester: boolean },
) {
  return db
    .insertInto("users")
    .values({ ...user, password: null })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(adminUserColumns)
    .executeTakeFirst();
}

/** Rows that name a deleted user without a foreign key: mail to their address, their rate-limit counters. */
export async function forgetUserTraces(trx: Kysely<Database>, user: { id: string; email: string }): Promise<void> {
  await trx.deleteFrom("emailOutbox").where("toAddress", "=", user.email).execute();
  await trx
    .deleteFrom("rateLimits")
    .where((eb) => eb.or([eb("key", "like", `%${user.id}%`), eb("key", "like", `%${user.email.toLowerCase()}%`)]))
    .execute();
}
