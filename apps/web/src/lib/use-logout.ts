import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { setCurrentUser } from "./current-user";
import { trpc } from "./trpc";

/** Ends the session, forgets every cached answer and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();

  const run = async () => {
    // Leave even if the call failed: the client must not keep showing the old account.
    await logout.mutateAsync().catch(() => undefined);
    queryClient.clear();
    // Known signed out, so /login does not ask the server again.
    setCurrentUser(queryClient, null);
    await navigate({ to: "/login" });
  };

  return { logout: run, isPending: logout.isPending };
}
