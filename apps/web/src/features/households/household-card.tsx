import { useEffect, useRef, useState, type FormEvent } from "react";
import { Crown, LogOut, UserMinus, Users, X } from "lucide-react";
import { Badge } from "@kim/ui/badge";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { Checkbox } from "@kim/ui/checkbox";
import { toast } from "@kim/ui/lib/use-toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@kim/ui/alert-dialog";
import { FormField } from "../../components/form-field";
import { PartFailed } from "../../components/part-failed";
import { UserAvatar } from "../../components/user-avatar";
import { formatDay } from "../../lib/dates";
import { keyed, useKeyedMutation } from "../../lib/keyed-mutation";
import { failureToast } from "../../lib/toasts";
import { trpc, type RouterOutputs } from "../../lib/trpc";

type Household = RouterOutputs["households"]["get"];
type Member = Household["members"][number];
type Change = { kind: "remove" | "hand-over"; member: Member } | { kind: "leave" };

const CHANGE_TEXTS: Record<Change["kind"], { title: string; action: string; describe: (name: string) => string }> = {
  leave: {
    title: "Leave the household?",
    action: "Leave",
    describe: () => "You go back to a kitchen of your own (the one you left behind, if any). The household keeps what it shares.",
  },
  "hand-over": {
    title: "Hand the household over?",
    action: "Make owner",
    describe: (name) => `${name} becomes the owner; you stay as a member.`,
  },
  remove: {
    title: "Remove from the household?",
    action: "Remove",
    describe: (name) => `${name} goes back to a kitchen of their own. The household keeps what it shares.`,
  },
};

/** The profile's Household section: who shares the kitchen, invitations, and the owner's and members' changes. */
export function HouseholdCard({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const household = trpc.households.get.useQuery();
  const [email, setEmail] = useState("");
  const [change, setChange] = useState<Change | null>(null);
  const [takeRecipes, setTakeRecipes] = useState(false);
  // Everything shared moves with a membership change: every list is read again.
  const refresh = () => utils.invalidate();
  const invite = useKeyedMutation(keyed(utils.client.households.invite.mutate), {
    onSuccess: ({ email: sent }) => {
      setEmail("");
      toast({ title: "Invitation sent", description: `${sent} has a link to join, valid 7 days.` });
      void utils.households.get.invalidate();
    },
    onError: failureToast("Couldn't send the invitation"),
  });
  const cancelInvite = useKeyedMutation(keyed(utils.client.households.cancelInvite.mutate), {
    onSuccess: () => {
      toast({ title: "Invitation cancelled", description: "Its link no longer works." });
      void utils.households.get.invalidate();
    },
    onError: failureToast("Couldn't cancel the invitation"),
  });
  const members = useRef<HTMLUListElement>(null);
  // The button the change came from may be gone with its row once the household is read again: the focus goes to the
  // members' list rather than to the page's body. Checked once the new members are drawn (the effect below), however
  // long the read and the drawing take.
  const refocus = useRef(false);
  const done = (title: string) => () => {
    setChange(null);
    toast({ title });
    refocus.current = true;
    void refresh();
  };
  const remove = useKeyedMutation(keyed(utils.client.households.remove.mutate), {
    onSuccess: done("Removed from the household"),
    onError: failureToast("Couldn't remove them"),
  });
  const handOver = useKeyedMutation(keyed(utils.client.households.handOver.mutate), {
    onSuccess: done("The household has a new owner"),
    onError: failureToast("Couldn't hand the household over"),
  });
  const leave = useKeyedMutation(keyed(utils.client.households.leave.mutate), {
    onSuccess: done("You left the household"),
    onError: failureToast("Couldn't leave the household"),
  });

  const data = household.data;
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    if (document.activeElement === document.body || document.activeElement === null) members.current?.focus();
  }, [data]);
  const isOwner = data?.role === "owner";
  const shared = (data?.members.length ?? 0) > 1;
  const full = !!data && data.members.length + data.invites.length >= data.maxMembers;
  const pending = remove.isPending || handOver.isPending || leave.isPending;

  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate({ email: email.trim() });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Users className="size-5 text-primary" aria-hidden="true" />
            Household
          </h2>
        </CardTitle>
        <CardDescription>The people who share this kitchen: its inventory, recipes, meal plan and shopping lists</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {household.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading your household...
          </p>
        ) : household.isError && household.data === undefined ? (
          <PartFailed retry={() => void household.refetch()} />
        ) : (
          <>
            <ul ref={members} tabIndex={-1} className="grid gap-2 outline-none" aria-label="Members">
              {data!.members.map((member) => (
                <li key={member.userId} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
                  <UserAvatar name={member.avatar} className="size-8" />
                  {/* A basis of its own, so on a phone the buttons wrap below the name rather than squeeze it out. */}
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-medium">
                      {member.name}
                      {member.userId === userId && <span className="text-muted-foreground"> (you)</span>}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{member.email}</p>
                  </div>
                  {member.role === "owner" ? (
                    <Badge variant="secondary" className="gap-1">
                      <Crown className="size-3" aria-hidden="true" /> Owner
                    </Badge>
                  ) : (
                    isOwner && (
                      <div className="flex gap-2">
                        <Button variant="outline" size="sm" onClick={() => setChange({ kind: "hand-over", member })}>
                          <Crown className="size-4" aria-hidden="true" /> Make owner
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setChange({ kind: "remove", member })}>
                          <UserMinus className="size-4" aria-hidden="true" /> Remove
                        </Button>
                      </div>
                    )
                  )}
                </li>
              ))}
            </ul>
            {isOwner && data!.invites.length > 0 && (
              <div className="grid gap-1">
                <h3 className="text-sm font-medium">Invitations waiting</h3>
                <ul className="grid gap-1 text-sm text-muted-foreground">
                  {data!.invites.map((i) => (
                    <li key={i.id} className="flex items-center justify-between gap-2">
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        {i.email}, until {formatDay(i.expiresAt)}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Cancel the invitation to ${i.email}`}
                        disabled={cancelInvite.isPending}
                        onClick={() => cancelInvite.mutate({ inviteId: i.id })}
                      >
                        <X className="size-4" aria-hidden="true" /> Cancel
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {isOwner && (
              <form onSubmit={onInvite} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                {/* Someone else's address: not "Email" (the account's own field above), not "you@", not autofilled. */}
                <FormField
                  label="Invite by email"
                  type="email"
                  name="invite-email"
                  autoComplete="off"
                  placeholder="name@example.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  hint={full ? `A household holds at most ${data!.maxMembers} people.` : "They get a link to join, valid 7 days."}
                  disabled={full}
                />
                {/* Level with the field, not with its hint: the label above the field is 1.75rem. */}
                <Button type="submit" className="sm:mt-7 sm:self-start" disabled={full || invite.isPending || !email.trim()}>
                  {invite.isPending ? "Sending..." : "Invite"}
                </Button>
              </form>
            )}
            {shared && !isOwner && (
              <Button variant="outline" className="justify-self-start" onClick={() => setChange({ kind: "leave" })}>
                <LogOut className="size-4" aria-hidden="true" /> Leave household
              </Button>
            )}
          </>
        )}
      </CardContent>
      <AlertDialog open={change !== null} onOpenChange={(open) => !open && !pending && setChange(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{change ? CHANGE_TEXTS[change.kind].title : null}</AlertDialogTitle>
            <AlertDialogDescription>
              {change ? CHANGE_TEXTS[change.kind].describe("member" in change ? change.member.name : "") : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {change?.kind === "leave" && (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={takeRecipes} onChange={(e) => setTakeRecipes(e.target.checked)} />
              Take a copy of the recipes I added
            </label>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={pending}
              onClick={(event) => {
                // Stay open until the server answers.
                event.preventDefault();
                if (change?.kind === "leave") leave.mutate({ takeRecipes });
                else if (change?.kind === "remove") remove.mutate({ userId: change.member.userId });
                else if (change) handOver.mutate({ userId: change.member.userId });
              }}
            >
              {pending ? "Working..." : change ? CHANGE_TEXTS[change.kind].action : ""}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
