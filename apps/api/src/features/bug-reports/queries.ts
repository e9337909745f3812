import type { Database } from "@kim/db";
import type { BugReportInput } from "@kim/domain";
import type { Kysely } from "kysely";

/** What the reporter gets back: their report as stored (no admin notes yet, none ever shown to them). */
const ownColumns = ["id", "title", "description", "priority", "status", "pageUrl", "prioritySupport", "createdAt"] as const;

/**
 * Inserts the signed-in user's report; status and notes take the table's defaults (open, none). `prioritySupport`
 * says whether the reporter had Pro access when writing it.
 */
export function insertBugReport(db: Kysely<Database>, userId: string, input: BugReportInput, prioritySupport: boolean) {
  return db
    .insertInto("bugReports")
    .values({
      userId,
      title: input.title,
      description: input.description,
      priority: input.priority,
      pageUrl: input.pageUrl ?? null,
      userAgent: input.userAgent ?? null,
      prioritySupport,
    })
    .returning(ownColumns)
    .executeTakeFirstOrThrow();
}
