import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { AppLayout } from "../components/app-layout";
import { currentUserQueryOptions } from "../lib/current-user";

export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context }) => {
    // Cached for 5 minutes, so navigating between pages does not refetch; any failure means signed out.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpcClient)).catch(() => null);
    if (!user) throw redirect({ to: "/login" });
    return { user };
  },
  // Show "Loading..." at once while the session check runs on a first visit.
  pendingMs: 0,
  pendingMinMs: 0,
  component: AuthedLayout,
});

function AuthedLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
