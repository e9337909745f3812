import { z } from "zod";
import { emailSchema, nameSchema } from "./auth";
import { BUG_PRIORITIES, BUG_STATUSES } from "../shared/enums";
import { roleSchema } from "./account";
import { nameText, paragraphText, storableText } from "../shared/text";

export const BUG_TITLE_MAX = 200;
export const BUG_DESCRIPTION_MAX = 10_000;
const ADMIN_NOTES_MAX = 10_000;
/** Rows per page of the admin lists: enough to scan, small enough to answer in a few milliseconds. */
export const ADMIN_PAGE_SIZE = 25;
const ADMIN_PAGE_SIZE_MAX = 100;
/** How long the set-password link of an account an admin created stays valid. */
export const INVITE_LINK_DAYS = 7;

const bugPrioritySchema = z.enum(BUG_PRIORITIES, { error: `Priority must be one of ${BUG_PRIORITIES.join(", ")}` });
const bugStatusSchema = z.enum(BUG_STATUSES, { error: `Status must be one of ${BUG_STATUSES.join(", ")}` });

/**
 * A user's bug report. The web also sends `status` and `userId` (spec section 3); unknown keys are dropped, so a
 * report always starts open, belongs to whoever is signed in, and carries no admin notes.
 */
export const bugReportInput = z.object({
  // A one-line title and a description, each refused when it would show blank or reorder the text around it.
  title: nameText("Title").trim().min(1, "Title is required").max(BUG_TITLE_MAX, `Title must be at most ${BUG_TITLE_MAX} characters`),
  description: paragraphText("Description")
    .trim()
    .min(1, "Description is required")
    .max(BUG_DESCRIPTION_MAX, `Description must be at most ${BUG_DESCRIPTION_MAX.toLocaleString("en-US")} characters`),
  priority: bugPrioritySchema.default("medium"),
  /** The page the report was sent from, and the browser's user agent: the web fills them in. */
  pageUrl: storableText("Page").trim().max(2048, "Page must be at most 2048 characters").nullish(),
  userAgent: storableText("User agent").trim().max(1000, "User agent must be at most 1000 characters").nullish(),
});
export type BugReportInput = z.infer<typeof bugReportInput>;

const page = z.coerce
  .number({ error: "Page must be a number" })
  .int("Page must be a whole number")
  .min(1, "Page must be at least 1")
  .max(100_000, "Page must be at most 100,000")
  .default(1);
const pageSize = z.coerce
  .number({ error: "Page size must be a number" })
  .int("Page size must be a whole number")
  .min(1, "Page size must be at least 1")
  .max(ADMIN_PAGE_SIZE_MAX, `Page size must be at most ${ADMIN_PAGE_SIZE_MAX}`)
  .default(ADMIN_PAGE_SIZE);
const uuid = (label: string) => z.uuid({ error: `${label} must be a valid id (uuid)` });

export const adminUserListInput = z.object({
  /** Part of an email, first name or last name, any case. */
  search: storableText("Search").trim().max(200, "Search must be at most 200 characters").optional(),
  page,
  pageSize,
});
export type AdminUserListInput = z.infer<typeof adminUserListInput>;

export const adminBugReportListInput = z.object({ status: bugStatusSchema.optional(), page, pageSize });
export type AdminBugReportListInput = z.infer<typeof adminBugReportListInput>;

export const adminAuditListInput = z.object({ userId: uuid("User").optional(), page, pageSize });
export type AdminAuditListInput = z.infer<typeof adminAuditListInput>;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const adminCreateUserInput = z.object({
  email: emailSchema,
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
  role: roleSchema.default("user"),
  isPro: flag("Pro access").default(false),
  isBetaTester: flag("Beta tester").default(false),
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserInput>;

const userId = { id: uuid("id") };
export const adminRoleInput = z.object({ ...userId, role: roleSchema });
export const adminEmailInput = z.object({ ...userId, email: emailSchema });
export const adminProInput = z.object({ ...userId, isPro: flag("isPro") });
export const adminBetaInput = z.object({ ...userId, isBetaTester: flag("isBetaTester") });

/** Saving notes resends the current status (spec section 4); notes may be cleared with an empty text or null. */
export const adminBugReportUpdate = z.object({
  id: uuid("id"),
  status: bugStatusSchema,
  adminNotes: storableText("Admin notes")
    .trim()
    .max(ADMIN_NOTES_MAX, `Admin notes must be at most ${ADMIN_NOTES_MAX.toLocaleString("en-US")} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
});
export type AdminBugReportUpdate = z.infer<typeof adminBugReportUpdate>;
