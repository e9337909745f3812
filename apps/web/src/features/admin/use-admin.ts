import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { toast } from "@kim/ui/lib/use-toast";
import { useSingleFlightMutation } from "../../lib/single-flight-mutation";
import { refetchAfterChange } from "../../lib/refetch-after-change";
import { failureToast } from "../../lib/toasts";
import { trpc, type RouterInputs, type RouterOutputs } from "../../lib/trpc";

export type AdminUser = RouterOutputs["admin"]["users"]["items"][number];
export type AdminBugReport = RouterOutputs["admin"]["bugReports"]["items"][number];
type AdminInput<K extends keyof RouterInputs["admin"]> = RouterInputs["admin"][K];
type UsersPage = RouterOutputs["admin"]["users"];
/** What a change of one user answers: the user as saved. */
type SavedUser = RouterOutputs["admin"]["setPro"];

const usersKey = getQueryKey(trpc.admin.users);

/** Spec section 8: these three failures show only their title, the others the server's message too. */
const titleOnly = (title: string) => () => toast({ title, variant: "destructive" });

/**
 * The admin's changes with the spec's toasts. Each refetches the list it changed and the summary counts, so the
 * dashboard shows what the server now holds. Each goes once however fast it is clicked (useSingleFlightMutation): a
 * second Create User would answer "That email is already used" over the first's success.
 */
export function useAdminMutations() {
  const utils = trpc.useUtils();
  const admin = utils.client.admin;
  const queryClient = useQueryClient();
  const refreshUsers = () => refetchAfterChange(utils.admin.users, utils.admin.summary);
  const refreshReports = () => refetchAfterChange(utils.admin.bugReports, utils.admin.summary);
  const done = (title: string, refresh: () => Promise<unknown>) => () => {
    toast({ title });
    return refresh();
  };
  // The server's answer shows in the row at once, whatever becomes of the refetch after it (one that failed left the
  // row showing the old value of a change that was saved).
  const userSaved = (title: string) => (user: SavedUser) => {
    queryClient.setQueriesData<UsersPage>(
      { queryKey: usersKey },
      (page) => page && { ...page, items: page.items.map((row) => (row.id === user.id ? { ...row, ...user } : row)) },
    );
    return done(title, refreshUsers)();
  };

  return {
    createUser: useSingleFlightMutation((input: AdminInput<"createUser">) => admin.createUser.mutate(input), {
      onSuccess: done("User created successfully", refreshUsers),
      onError: failureToast("Failed to create user"),
    }),
    setRole: useSingleFlightMutation((input: AdminInput<"setRole">) => admin.setRole.mutate(input), {
      onSuccess: userSaved("User role updated successfully"),
      onError: titleOnly("Failed to update user role"),
    }),
    setEmail: useSingleFlightMutation((input: AdminInput<"setEmail">) => admin.setEmail.mutate(input), {
      onSuccess: userSaved("Email updated successfully"),
      onError: failureToast("Failed to update email"),
    }),
    setPro: useSingleFlightMutation((input: AdminInput<"setPro">) => admin.setPro.mutate(input), {
      onSuccess: userSaved("Pro status updated successfully"),
      onError: failureToast("Failed to update Pro status"),
    }),
    setBeta: useSingleFlightMutation((input: AdminInput<"setBeta">) => admin.setBeta.mutate(input), {
      onSuccess: userSaved("Beta tester status updated successfully"),
      onError: failureToast("Failed to update beta status"),
    }),
    sendPasswordReset: useSingleFlightMutation((input: AdminInput<"sendPasswordReset">) => admin.sendPasswordReset.mutate(input), {
      onSuccess: () => toast({ title: "Password reset email sent successfully" }),
      onError: failureToast("Failed to send password reset"),
    }),
    deleteUser: useSingleFlightMutation((input: AdminInput<"deleteUser">) => admin.deleteUser.mutate(input), {
      onSuccess: done("User deleted successfully", refreshUsers),
      onError: titleOnly("Failed to delete user"),
    }),
    updateBugReport: useSingleFlightMutation((input: AdminInput<"updateBugReport">) => admin.updateBugReport.mutate(input), {
      onSuccess: done("Bug report updated successfully", refreshReports),
      onError: titleOnly("Failed to update bug report"),
    }),
  };
}

export type AdminMutations = ReturnType<typeof useAdminMutations>;
