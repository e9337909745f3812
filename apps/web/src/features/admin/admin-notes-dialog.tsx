import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { Label } from "@kim/ui/label";
import { Textarea } from "@kim/ui/textarea";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { asStatus } from "./labels";
import type { AdminBugReport, AdminMutations } from "./use-admin";

interface AdminNotesDialogProps {
  report: AdminBugReport | null;
  updateBugReport: AdminMutations["updateBugReport"];
  /** Called with false to close it. */
  onOpenChange: (open: boolean) => void;
}

/** Add Notes: saving resends the report's current status with the notes (spec section 4). */
export function AdminNotesDialog({ report, updateBugReport, onOpenChange }: AdminNotesDialogProps) {
  const onClose = () => onOpenChange(false);
  return (
    <Dialog open={report !== null} onOpenChange={(open) => !open && !updateBugReport.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Notes</DialogTitle>
          <DialogDescription>{report ? report.title : null}</DialogDescription>
        </DialogHeader>
        {report ? <NotesForm key={report.id} report={report} updateBugReport={updateBugReport} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NotesForm({
  report,
  updateBugReport,
  onClose,
}: {
  report: AdminBugReport;
  updateBugReport: AdminMutations["updateBugReport"];
  onClose: () => void;
}) {
  const [notes, setNotes] = useState(report.adminNotes ?? "");
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusAfterPending(formRef, updateBugReport.isPending);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    updateBugReport.mutate({ id: report.id, status: asStatus(report.status), adminNotes: notes }, { onSuccess: onClose });
  };
  return (
    <form ref={formRef} onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Admin Notes</Label>
        <Textarea id={id} placeholder="Add notes..." className="min-h-[100px]" value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={updateBugReport.isPending}>
          {updateBugReport.isPending ? "Saving..." : "Save Notes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
