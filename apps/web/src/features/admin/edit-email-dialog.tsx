import { useRef, useState, type FormEvent } from "react";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { FormField } from "../../components/form-field";
import { useFocusAfterPending } from "../../lib/focus-after-pending";
import type { AdminMutations, AdminUser } from "./use-admin";

interface EditEmailDialogProps {
  /** The user whose email is edited; the dialog is open while this is set. */
  user: AdminUser | null;
  setEmail: AdminMutations["setEmail"];
  /** Called with false to close it. */
  onOpenChange: (open: boolean) => void;
}

export function EditEmailDialog({ user, setEmail, onOpenChange }: EditEmailDialogProps) {
  const onClose = () => onOpenChange(false);
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !setEmail.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Email</DialogTitle>
          <DialogDescription>{user ? `The address ${user.email} signs in with and gets mail at.` : null}</DialogDescription>
        </DialogHeader>
        {/* Keyed by user, so the field starts from that user's email each time. */}
        {user ? <EmailForm key={user.id} user={user} setEmail={setEmail} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EmailForm({ user, setEmail, onClose }: { user: AdminUser; setEmail: AdminMutations["setEmail"]; onClose: () => void }) {
  const [email, setValue] = useState(user.email);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusAfterPending(formRef, setEmail.isPending);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEmail.mutate({ id: user.id, email }, { onSuccess: onClose });
  };
  return (
    <form ref={formRef} onSubmit={submit} className="grid gap-4">
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="off"
        required
        value={email}
        onChange={(e) => setValue(e.target.value)}
      />
      <DialogFooter>
        <Button type="submit" disabled={setEmail.isPending}>
          {setEmail.isPending ? "Saving..." : "Save Email"}
        </Button>
      </DialogFooter>
    </form>
  );
}
