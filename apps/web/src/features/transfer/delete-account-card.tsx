import { useId, useState } from "react";
import { TriangleAlert } from "lucide-react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@kim/ui/alert-dialog";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { Input } from "@kim/ui/input";
import { NeedsNetwork } from "../../components/needs-network";
import { isUnauthorizedError } from "../../lib/errors";
import { errorMessage, isNetworkFailure } from "../../lib/form";
import { useOnline } from "../../lib/offline/network";
import { holdSignInRedirect, leaveSignedOut } from "../../lib/session-lost";
import { trpc } from "../../lib/trpc";

/** The danger zone: deleting the account, confirmed with the password. */
export function DeleteAccountCard() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const online = useOnline();
  const utils = trpc.useUtils();
  // Everything is gone, the session too: start over on the landing page (not the sign-in page the session's end
  // would otherwise lead to).
  const deleted = () => leaveSignedOut("/?account=deleted");
  const remove = trpc.transfer.deleteAccount.useMutation({
    // Until the outcome is known, the session's end (heard from elsewhere) does not send the cook to sign in.
    onMutate: () => ({ release: holdSignInRedirect() }),
    onSuccess: deleted,
    onError: (error, _input, context) => {
      const release = () => context?.release();
      if (!isNetworkFailure(error)) return release();
      // No answer came: if the session has gone, it went with the account, which was deleted after all.
      utils.client.auth.user.query().then(release, (check: unknown) => (isUnauthorizedError(check) ? deleted() : release()));
    },
  });

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg text-destructive">
            <TriangleAlert className="size-5" aria-hidden="true" />
            Delete account
          </h2>
        </CardTitle>
        <CardDescription>
          Deletes your account and everything in it: inventory, recipes, plans, lists and history. A subscription is cancelled. This can't
          be undone; export your data first if you want to keep it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-2">
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (remove.isPending) return;
            setOpen(next);
            setPassword("");
            remove.reset();
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive" disabled={!online}>
              Delete my account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <form
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                remove.mutate({ password });
              }}
            >
              <AlertDialogHeader>
                <AlertDialogTitle>Delete your account?</AlertDialogTitle>
                <AlertDialogDescription>Everything of yours is removed for good. Enter your password to confirm.</AlertDialogDescription>
              </AlertDialogHeader>
              <div className="grid gap-2">
                <label htmlFor={`${id}-password`} className="text-sm font-medium">
                  Password
                </label>
                <Input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={remove.isError}
                  aria-describedby={remove.isError ? `${id}-error` : undefined}
                />
                {remove.isError && (
                  <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                    {errorMessage(remove.error, "The account could not be deleted. Please try again.")}
                  </p>
                )}
              </div>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
                {/* A plain submit rather than the dialog's Action, which would close it before the server answers. */}
                <Button type="submit" variant="destructive" disabled={!password || remove.isPending}>
                  {remove.isPending ? "Deleting…" : "Delete my account"}
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
        <NeedsNetwork what="deleting the account works" />
      </CardContent>
    </Card>
  );
}
