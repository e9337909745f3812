import { useId, useRef, useState, type FormEvent } from "react";
import { Lightbulb, Sparkles } from "lucide-react";
import { BUG_DESCRIPTION_MAX, BUG_PRIORITIES, BUG_TITLE_MAX, hasProAccess, type BugPriority } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { Label } from "@kim/ui/label";
import { toast } from "@kim/ui/lib/use-toast";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@kim/ui/select";
import { DraftRestoredNotice } from "../../components/draft-restored-notice";
import { FormField, TextareaField } from "../../components/form-field";
import { useCurrentUser } from "../../lib/current-user";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import { previousPage } from "../../lib/previous-page";
import { stringField, useKeepDraft, useRestoredWork } from "../../lib/form-draft";
import { keyed, useKeyedMutation } from "../../lib/keyed-mutation";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

const PRIORITY_LABELS: Record<BugPriority, string> = { low: "Low", medium: "Medium", high: "High" };
const EMPTY: { title: string; description: string; priority: BugPriority } = { title: "", description: "", priority: "medium" };
const asPriority = (value: string): BugPriority => BUG_PRIORITIES.find((p) => p === value) ?? "medium";

const TIPS = [
  "Describe what you did, step by step, so we can see it happen too.",
  "Say what you expected and what happened instead.",
  "Include the exact text of any error message you saw.",
  "Use High priority only when something stops you from using KIM.",
];

/** A kept draft's fields, or null when it is not one. */
function parseBugDraft(raw: unknown): typeof EMPTY | null {
  const title = stringField(raw, "title");
  const description = stringField(raw, "description");
  if (title === null || description === null) return null;
  return { title, description, priority: asPriority(stringField(raw, "priority") ?? "") };
}

export function BugReportPage() {
  const user = useCurrentUser().data;
  // What is typed is kept in this tab as it is typed: a reload, Back or a lost session mid-send does not lose it.
  const draft = { key: "bug-report", userId: user?.id ?? "", scope: "new" };
  const restored = useRestoredWork(draft, parseBugDraft);
  const [form, setForm] = useState(restored?.values ?? EMPTY);
  const [restoredShown, setRestoredShown] = useState(restored !== null);
  useKeepDraft(draft, form, form.title !== "" || form.description !== "");
  const [errors, setErrors] = useState<{ title?: string; description?: string }>({});
  const priorityId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const utils = trpc.useUtils();
  const create = useKeyedMutation(keyed(utils.client.bugReports.create.mutate), {
    onSuccess: () => {
      toast({ title: "Bug report submitted successfully", description: "Our team will review your report soon." });
      setForm(EMPTY);
      setRestoredShown(false);
    },
    onError: failureToast("Failed to submit bug report"),
  });
  // A failed send leaves the focus in the form, not on the page (its button was disabled while it went).
  useFocusAfterPending(formRef, create.isPending);

  // A field's error goes once the field is edited; the next submit checks again.
  const edit = (field: "title" | "description", value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(form.title.trim() ? {} : { title: "Title is required" }),
      ...(form.description.trim() ? {} : { description: "Description is required" }),
    };
    setErrors(found);
    if (found.title || found.description) return;
    // The page the cook came from (not this form) and the browser help whoever triages the report see what the reporter
    // saw; status and owner are the server's.
    create.mutate({ ...form, pageUrl: previousPage() ?? window.location.href, userAgent: navigator.userAgent });
  };

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Report a Bug</h1>
        <p className="mt-2 text-muted-foreground">Found something that doesn't work? Tell us and we'll fix it.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Bug Details</h2>
          </CardTitle>
          <CardDescription>The more detail you give, the faster we can fix it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {user && hasProAccess(user) ? (
            <p data-testid="priority-support-note" className="flex items-start gap-2 rounded-md bg-primary/10 p-3 text-sm">
              <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              Priority support: with Pro, your report goes to the top of our list and is handled first.
            </p>
          ) : null}
          {restored && restoredShown ? (
            <DraftRestoredNotice
              reason={restored.reason}
              onDiscard={() => {
                setForm(EMPTY);
                setErrors({});
                setRestoredShown(false);
              }}
            />
          ) : null}
          <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
            <FormField
              label="Title"
              name="title"
              placeholder="Brief description of the issue"
              maxLength={BUG_TITLE_MAX}
              required
              value={form.title}
              error={errors.title}
              onChange={(e) => edit("title", e.target.value)}
            />
            <TextareaField
              label="Description"
              name="description"
              placeholder="What happened? What did you expect to happen? How can we reproduce it?"
              className="min-h-40"
              maxLength={BUG_DESCRIPTION_MAX}
              required
              value={form.description}
              error={errors.description}
              onChange={(e) => edit("description", e.target.value)}
            />
            <div className="grid gap-2">
              <Label htmlFor={priorityId}>Priority</Label>
              <Select value={form.priority} onValueChange={(priority) => setForm((f) => ({ ...f, priority: asPriority(priority) }))}>
                <SelectTrigger id={priorityId} className="sm:w-48">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {BUG_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {PRIORITY_LABELS[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" disabled={create.isPending}>
              {create.isPending ? "Submitting..." : "Submit Bug Report"}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2 text-lg">
              <Lightbulb className="size-5 text-primary" aria-hidden="true" />
              Tips for a helpful report
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
