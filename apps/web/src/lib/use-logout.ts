import { useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { setCurrentUser } from "./current-user";
import { forgetOfflineData } from "./offline/service-worker";
import { SIGN_OUT_DELAY_MS } from "./session-lost";
import { trpc } from "./trpc";

/** Ends the session, forgets every cached answer and goes to /login after the spec's 500 ms. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();
  const [leaving, setLeaving] = useState(false);

  const run = async () => {
    setLeaving(true);
    // Leave even if the call failed: the client must not keep showing the old account.
    await logout.mutateAsync().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_DELAY_MS));
    queryClient.clear();
    await forgetOfflineData();
    // Known signed out, so /login does not ask the server again.
    setCurrentUser(queryClient, null);
    await navigate({ to: "/login" });
  };

  return { logout: run, isPending: leaving };
}
