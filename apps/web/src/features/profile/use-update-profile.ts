import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@kim/ui/lib/use-toast";
import { setCurrentUser } from "../../lib/current-user";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

/** profile.update with the spec's toasts; the answer replaces the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return trpc.profile.update.useMutation({
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      toast({ title: "Profile updated", description: "Your profile has been updated successfully" });
    },
    onError: failureToast("Failed to update profile"),
  });
}
