import { useId, useRef, useState, type FormEvent } from "react";
import { ROLES, type Role } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { Label } from "@kim/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@kim/ui/select";
import { Switch } from "@kim/ui/switch";
import { FormField } from "../../components/form-field";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import type { AdminMutations } from "./use-admin";
import { ROLE_LABELS, asRole } from "./labels";

const EMPTY: { email: string; firstName: string; lastName: string; role: Role; isPro: boolean; isBetaTester: boolean } = {
  email: "",
  firstName: "",
  lastName: "",
  role: "user",
  isPro: false,
  isBetaTester: false,
};

interface CreateUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  createUser: AdminMutations["createUser"];
}

/** Add New User: the account gets no password; the server mails a link to choose one. */
export function CreateUserDialog({ open, onOpenChange, createUser }: CreateUserDialogProps) {
  const [form, setForm] = useState(EMPTY);
  const ids = { role: useId(), pro: useId(), beta: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  useFocusAfterPending(formRef, createUser.isPending);

  // The browser checks the email (required, email-typed) before this runs, as the spec asks.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    createUser.mutate(form, {
      onSuccess: () => {
        setForm(EMPTY);
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !createUser.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New User</DialogTitle>
          <DialogDescription>They get an email with a link to choose their password.</DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} className="grid gap-4">
          <FormField
            label="Email*"
            type="email"
            name="email"
            autoComplete="off"
            required
            value={form.email}
            onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="First Name"
              name="firstName"
              value={form.firstName}
              onChange={(e) => setForm((f) => ({ ...f, firstName: e.target.value }))}
            />
            <FormField
              label="Last Name"
              name="lastName"
              value={form.lastName}
              onChange={(e) => setForm((f) => ({ ...f, lastName: e.target.value }))}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.role}>Role</Label>
            <Select value={form.role} onValueChange={(role) => setForm((f) => ({ ...f, role: asRole(role) }))}>
              <SelectTrigger id={ids.role}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={ids.pro}>Pro Access</Label>
            <Switch id={ids.pro} checked={form.isPro} onChange={(e) => setForm((f) => ({ ...f, isPro: e.target.checked }))} />
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={ids.beta}>Beta Tester</Label>
            <Switch
              id={ids.beta}
              checked={form.isBetaTester}
              onChange={(e) => setForm((f) => ({ ...f, isBetaTester: e.target.checked }))}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={createUser.isPending}>
              {createUser.isPending ? "Creating..." : "Create User"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
