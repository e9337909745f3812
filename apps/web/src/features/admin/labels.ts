import { BUG_STATUSES, ROLES, type BugStatus, type Role } from "@kim/domain";

export const ROLE_LABELS: Record<Role, string> = { user: "User", admin: "Admin" };
export const STATUS_LABELS: Record<BugStatus, string> = {
  open: "Open",
  "in-progress": "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

export const asRole = (value: string): Role => ROLES.find((r) => r === value) ?? "user";
export const asStatus = (value: string): BugStatus => BUG_STATUSES.find((s) => s === value) ?? "open";

/** The status as the select names it ("In Progress"); one the web doesn't know, as the server wrote it. */
export function statusLabel(status: string): string {
  const known = BUG_STATUSES.find((s) => s === status);
  return known ? STATUS_LABELS[known] : status;
}

const reportedDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** 'Reported Jan 5, 2025', or 'Reported Unknown' without a readable date (spec section 2). */
export function reportedLabel(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : null;
  return `Reported ${date && !Number.isNaN(date.getTime()) ? reportedDate.format(date) : "Unknown"}`;
}
