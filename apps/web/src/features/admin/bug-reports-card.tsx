import { useState } from "react";
import { keepPreviousData } from "@tanstack/react-query";
import { Bug, NotebookPen } from "lucide-react";
import { BUG_STATUSES } from "@kim/domain";
import { Badge, type BadgeProps } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { NativeSelect } from "@kim/ui/native-select";
import { Skeleton } from "@kim/ui/skeleton";
import { errorMessage } from "../../lib/form";
import { lazyDialog } from "../../lib/lazy-dialog";
import { trpc } from "../../lib/trpc";
import { STATUS_LABELS, asStatus, reportedLabel, statusLabel } from "./labels";
import { Pager } from "./pager";
import type { AdminBugReport, AdminMutations } from "./use-admin";

// Loaded when first wanted, with the dialog library; pointing at or focusing Add Notes starts the download.
const loadNotesDialog = () => import("./admin-notes-dialog");
const AdminNotesDialog = lazyDialog(
  () => loadNotesDialog().then((m) => m.AdminNotesDialog),
  (props) => props.report !== null,
);
const preloadNotesDialog = () => void loadNotesDialog();

const REPORTS_PAGE_SIZE = 20;
type Variant = NonNullable<BadgeProps["variant"]>;
const PRIORITY_VARIANT: Record<string, Variant> = { high: "destructive", medium: "secondary", low: "outline" };
const STATUS_VARIANT: Record<string, Variant> = { open: "default", "in-progress": "secondary", resolved: "outline", closed: "outline" };
const PRIORITY_LABELS: Record<string, string> = { low: "Low", medium: "Medium", high: "High" };

export function BugReportsCard({ mutations }: { mutations: AdminMutations }) {
  const [page, setPage] = useState(1);
  const [notesFor, setNotesFor] = useState<AdminBugReport | null>(null);
  const reports = trpc.admin.bugReports.useQuery({ page, pageSize: REPORTS_PAGE_SIZE }, { placeholderData: keepPreviousData });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Bug className="size-5" aria-hidden="true" />
            Bug Reports
          </h2>
        </CardTitle>
        <CardDescription>Triage what users reported: priority support (Pro) first, then newest first</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {reports.isPending ? (
          <Skeleton className="h-28 rounded-lg" aria-label="Loading bug reports" />
        ) : reports.isError && reports.data === undefined ? (
          <p role="alert" className="text-destructive">
            Could not load the bug reports: {errorMessage(reports.error, "Please try again.")}
          </p>
        ) : reports.data.total === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No bug reports</p>
        ) : (
          <>
            <ul aria-label="Bug reports" className="grid gap-3">
              {reports.data.items.map((report) => (
                <li key={report.id} data-testid="bug-report" className="grid gap-3 rounded-lg border p-4">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="grid min-w-0 gap-1">
                      <h3 className="font-semibold [overflow-wrap:anywhere]">{report.title}</h3>
                      <p className="text-sm whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">{report.description}</p>
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      {report.prioritySupport ? (
                        <Badge variant="default" data-testid="priority-support-badge">
                          Priority support
                        </Badge>
                      ) : null}
                      <Badge variant={PRIORITY_VARIANT[report.priority] ?? "outline"} data-testid="priority-badge">
                        {PRIORITY_LABELS[report.priority] ?? report.priority}
                      </Badge>
                      <Badge variant={STATUS_VARIANT[report.status] ?? "outline"} data-testid="status-badge">
                        {statusLabel(report.status)}
                      </Badge>
                    </div>
                  </div>
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {reportedLabel(report.createdAt)} by {report.reporterEmail}
                    {report.pageUrl ? ` on ${report.pageUrl}` : ""}
                  </p>
                  {report.adminNotes ? (
                    <div className="rounded-md bg-muted p-3 text-sm">
                      <p className="font-medium">Admin Notes:</p>
                      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{report.adminNotes}</p>
                    </div>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-2">
                    <NativeSelect
                      aria-label={`Status of ${report.title}`}
                      className="w-40 [&_select]:h-9"
                      value={report.status}
                      onChange={(e) => mutations.updateBugReport.mutate({ id: report.id, status: asStatus(e.target.value) })}
                    >
                      {BUG_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {STATUS_LABELS[status]}
                        </option>
                      ))}
                    </NativeSelect>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setNotesFor(report)}
                      onPointerEnter={preloadNotesDialog}
                      onFocus={preloadNotesDialog}
                    >
                      <NotebookPen aria-hidden="true" />
                      Add Notes
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              page={reports.data.page}
              pageSize={reports.data.pageSize}
              total={reports.data.total}
              totalIsExact={reports.data.totalIsExact}
              noun="reports"
              onPage={setPage}
            />
          </>
        )}
      </CardContent>
      <AdminNotesDialog report={notesFor} updateBugReport={mutations.updateBugReport} onOpenChange={(open) => !open && setNotesFor(null)} />
    </Card>
  );
}
