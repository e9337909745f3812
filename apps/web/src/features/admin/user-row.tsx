import { useId } from "react";
import { KeyRound, Pencil, Trash2 } from "lucide-react";
import { ROLES } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Label } from "@kim/ui/label";
import { NativeSelect } from "@kim/ui/native-select";
import { Switch } from "@kim/ui/switch";
import { BreakableEmail } from "../../components/breakable-email";
import { AdminAvatar } from "./admin-avatar";
import { ROLE_LABELS, asRole } from "./labels";
import type { AdminMutations, AdminUser } from "./use-admin";
import { useRowSave } from "./use-row-save";

interface UserRowProps {
  user: AdminUser;
  /** The signed-in admin's own row: the server refuses their own demotion and deletion, so those controls are off. */
  isSelf: boolean;
  mutations: AdminMutations;
  onEditEmail: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export const SELF_NOTE = "This is you: another admin can change your role or delete your account.";

export function UserRow({ user, isSelf, mutations, onEditEmail, onDelete }: UserRowProps) {
  const ids = { pro: useId(), beta: useId(), self: useId() };
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const who = name || user.email;
  const selfNote = isSelf ? { "aria-describedby": ids.self, title: SELF_NOTE } : {};
  const proSave = useRowSave(user.isPro, (isPro) => mutations.setPro.mutateAsync({ id: user.id, isPro }));
  const betaSave = useRowSave(user.isBetaTester, (isBetaTester) => mutations.setBeta.mutateAsync({ id: user.id, isBetaTester }));
  const roleSave = useRowSave(user.role, (next) => mutations.setRole.mutateAsync({ id: user.id, role: next }));
  return (
    <li data-testid="user-row" className="flex flex-col gap-4 rounded-lg border p-4 xl:flex-row xl:items-center xl:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <AdminAvatar email={user.email} image={user.profileImageUrl} />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">{name || <span className="text-muted-foreground">No name</span>}</p>
            <Badge variant={user.role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[user.role]}</Badge>
            {user.isPro ? <Badge variant="outline">Pro</Badge> : null}
            {user.isBetaTester ? <Badge variant="outline">Beta</Badge> : null}
            {isSelf ? <Badge variant="outline">You</Badge> : null}
          </div>
          <div className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <BreakableEmail email={user.email} />
            <Button
              variant="ghost"
              size="icon"
              className="size-7 shrink-0"
              aria-label={`Edit email of ${who}`}
              onClick={() => onEditEmail(user)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          </div>
          {isSelf ? (
            <p id={ids.self} className="text-xs text-muted-foreground">
              {SELF_NOTE}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 xl:shrink-0 xl:flex-nowrap">
        <div className="flex items-center gap-2">
          <Switch
            id={ids.pro}
            aria-label={`Pro: ${who}`}
            checked={proSave.value}
            {...proSave.busy}
            onChange={(e) => proSave.save(e.target.checked)}
          />
          <Label htmlFor={ids.pro}>Pro</Label>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={ids.beta}
            aria-label={`Beta: ${who}`}
            checked={betaSave.value}
            {...betaSave.busy}
            onChange={(e) => betaSave.save(e.target.checked)}
          />
          <Label htmlFor={ids.beta}>Beta</Label>
        </div>
        {/* The browser's own select: a page of 25 rows with a Radix Select each was a long task to draw (decision 0033). */}
        <NativeSelect
          aria-label={`Role of ${who}`}
          className="w-28 [&_select]:h-9"
          value={roleSave.value}
          disabled={isSelf}
          {...roleSave.busy}
          onChange={(e) => roleSave.save(asRole(e.target.value))}
          {...selfNote}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Reset Password of ${who}`}
          disabled={mutations.sendPasswordReset.isPending}
          onClick={() => mutations.sendPasswordReset.mutate({ id: user.id })}
        >
          <KeyRound aria-hidden="true" />
          Reset Password
        </Button>
        <Button
          variant="destructive"
          size="sm"
          data-remove-item
          aria-label={`Delete ${who}`}
          disabled={isSelf}
          {...selfNote}
          onClick={() => onDelete(user)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}
