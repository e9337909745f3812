import type { Database } from "@kim/db";
import type { AdminAuditListInput, AdminBugReportListInput, AdminUserListInput, BugStatus, Role } from "@kim/domain";
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";

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
 * How many pages past the one asked for the count of all users reads before it stops: "of 275+" costs a few hundred
 * index entries where an exact count of 20,000 users costs them all, on every page. A search counts exactly: its
 * count reads only the matches, through the search indexes (a stopped count led the planner to scan the table).
 */
const COUNT_LOOKAHEAD_PAGES = 10;

/** `%`, `_` and `\` match themselves in a search, not any text; the search matches from the start. */
const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of users, newest first, with how many match. The search finds the start of the email, of its domain,
 * of the full name or of the last name, in any case ("ann", "ann b", "baker", "kitchen.example"): each is an index
 * of migration 0008, written here exactly as there, so a search reads its matches and not all 20,000 users. Paging
 * walks the (created_at, id) index. Without a search, the count stops some pages ahead (COUNT_LOOKAHEAD_PAGES).
 */
export async function listUsers(db: Kysely<Database>, input: AdminUserListInput): Promise<Page<AdminUser>> {
  const pattern = input.search ? prefixPattern(input.search) : null;
  const countLimit = (input.page + COUNT_LOOKAHEAD_PAGES) * input.pageSize;
  const matches = (): Expression<SqlBool> =>
    pattern === null
      ? sql<SqlBool>`true`
      : sql<SqlBool>`(lower(email) like ${pattern}
          or lower(split_part(email, '@', 2)) like ${pattern}
          or lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ${pattern}
          or lower(last_name) like ${pattern})`;
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
    // A search counts its matches through the indexes; the whole list stops counting some pages ahead.
    pattern === null
      ? db
          .selectFrom((eb) =>
            eb
              .selectFrom("users")
              .select(sql.lit(1).as("one"))
              .limit(countLimit + 1)
              .as("everyone"),
          )
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      : db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .where(matches)
          .executeTakeFirstOrThrow(),
  ]);
  const counted = Number(count.total);
  const totalIsExact = pattern !== null || counted <= countLimit;
  const total = totalIsExact ? counted : countLimit;
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
