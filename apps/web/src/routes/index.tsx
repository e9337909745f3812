import { createFileRoute } from "@tanstack/react-router";
import { localDate } from "@kim/domain";
import { LandingPage } from "../components/landing-page";
import { LoadingScreen } from "../components/loading-screen";
import { PartFailed } from "../components/part-failed";
import { currentUserQueryKey, useCurrentUser } from "../lib/current-user";
import { lazyPart } from "../lib/lazy-dialog";
import { pageTitle } from "../lib/page-title";

// Signed-in shell (sidebar, tooltips, dialog) stays out of the landing page's download.
const loadSignedInHome = () => import("../components/signed-in-home");
const SignedInHome = lazyPart(
  () => loadSignedInHome().then((m) => m.SignedInHome),
  <LoadingScreen />,
  (retry) => <PartFailed retry={retry} />,
);

export const Route = createFileRoute("/")({
  head: () => pageTitle("Home"),
  loader: ({ context: { queryClient, trpc } }) => {
    // The server sends this app at / only with a session (others get landing.html), so the dashboard's code and
    // data are a safe bet unless this tab already knows it is signed out (after logging out). They start beside
    // the session check; a signed-out answer there shows the landing page, and the data's Unauthorized is ignored.
    if (queryClient.getQueryData(currentUserQueryKey) === null) return;
    void loadSignedInHome();
    void trpc.inventory.summary.prefetch({ today: localDate() });
    void trpc.recipes.count.prefetch();
  },
  component: IndexPage,
});

function IndexPage() {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <LoadingScreen />;
  // Any failure of the current-user call means signed out.
  if (!user) return <LandingPage />;
  return <SignedInHome />;
}
