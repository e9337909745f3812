import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { toast } from "@kim/ui/lib/use-toast";
import { AppLayout } from "../components/app-layout";
import { currentUserQueryKey, currentUserQueryOptions } from "../lib/current-user";
import { useLiveUpdates } from "../lib/live";

export const Route = createFileRoute("/_authed")({
  // A tab that knows it is signed out goes to /login at once.
  beforeLoad: ({ context }) => {
    if (context.queryClient.getQueryData(currentUserQueryKey) === null) throw redirect({ to: "/login" });
  },
  // The session check runs as a loader, beside the page's own loader, so the page's data is fetched with it rather
  // than after it. Cached for 5 minutes, so navigating between pages does not refetch; any failure means signed out.
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpcClient)).catch(() => null);
    if (!user) throw redirect({ to: "/login" });
  },
  // Show "Loading..." at once while the session check runs on a first visit.
  pendingMs: 0,
  pendingMinMs: 0,
  component: AuthedLayout,
});

/** Said when this person was moved out of the household (or moved in another tab): every screen shows another kitchen. */
const householdChanged = () =>
  toast({ title: "Your household changed", description: "You now see the kitchen of the household you're in." });

function AuthedLayout() {
  useLiveUpdates(householdChanged);
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
