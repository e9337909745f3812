import { toast } from "@kim/ui/lib/use-toast";
import { failureToast } from "../../lib/toasts";
import { trpc, type RouterOutputs } from "../../lib/trpc";

export type AdminUser = RouterOutputs["admin"]["users"]["items"][number];
export type AdminBugReport = RouterOutputs["admin"]["bugReports"]["items"][number];

/** Spec section 8: these three failures show only their title, the others the server's message too. */
const titleOnly = (title: string) => () => toast({ title, variant: "destructive" });

/**
 * The admin's changes with the spec's toasts. Each refetches the list it changed and the summary counts, so the
 * dashboard shows what the server now holds.
 */
export function useAdminMutations() {
  const utils = trpc.useUtils();
  const refreshUsers = () => Promise.all([utils.admin.users.invalidate(), utils.admin.summary.invalidate()]);
  const refreshReports = () => Promise.all([utils.admin.bugReports.invalidate(), utils.admin.summary.invalidate()]);
  const done = (title: string, refresh: () => Promise<unknown>) => () => {
    toast({ title });
    return refresh();
  };

  return {
    createUser: trpc.admin.createUser.useMutation({
      onSuccess: done("User created successfully", refreshUsers),
      onError: failureToast("Failed to create user"),
    }),
    setRole: trpc.admin.setRole.useMutation({
      onSuccess: done("User role updated successfully", refreshUsers),
      onError: titleOnly("Failed to update user role"),
    }),
    setEmail: trpc.admin.setEmail.useMutation({
      onSuccess: done("Email updated successfully", refreshUsers),
      onError: failureToast("Failed to update email"),
    }),
    setPro: trpc.admin.setPro.useMutation({
      onSuccess: done("Pro status updated successfully", refreshUsers),
      onError: failureToast("Failed to update Pro status"),
    }),
    setBeta: trpc.admin.setBeta.useMutation({
      onSuccess: done("Beta tester status updated successfully", refreshUsers),
      onError: failureToast("Failed to update beta status"),
    }),
    sendPasswordReset: trpc.admin.sendPasswordReset.useMutation({
      onSuccess: () => toast({ title: "Password reset email sent successfully" }),
      onError: failureToast("Failed to send password reset"),
    }),
    deleteUser: trpc.admin.deleteUser.useMutation({
      onSuccess: done("User deleted successfully", refreshUsers),
      onError: titleOnly("Failed to delete user"),
    }),
    updateBugReport: trpc.admin.updateBugReport.useMutation({
      onSuccess: done("Bug report updated successfully", refreshReports),
      onError: titleOnly("Failed to update bug report"),
    }),
  };
}

export type AdminMutations = ReturnType<typeof useAdminMutations>;
