import { lazy, Suspense } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../components/landing-page";
import { LoadingScreen } from "../components/loading-screen";
import { useCurrentUser } from "../lib/current-user";

// Signed-in shell (sidebar, tooltips, dialog) stays out of the landing page's download.
const SignedInHome = lazy(() => import("../components/signed-in-home").then((m) => ({ default: m.SignedInHome })));

export const Route = createFileRoute("/")({
  component: IndexPage,
});

function IndexPage() {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <LoadingScreen />;
  // Any failure of the current-user call means signed out.
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInHome />
    </Suspense>
  );
}
