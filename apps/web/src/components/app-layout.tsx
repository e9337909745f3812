import type { ReactNode } from "react";
import { Navigate } from "@tanstack/react-router";
import { Separator } from "@kim/ui/separator";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@kim/ui/sidebar";
import { useSendKeptStock } from "../features/inventory/use-send-kept-stock";
import { useCurrentUser } from "../lib/current-user";
import { isSessionLost } from "../lib/session-lost";
import { AppSidebar } from "./app-sidebar";
import { BetaBanner } from "./beta-banner";
import { LoadingScreen } from "./loading-screen";
import { OfflineStatus } from "./offline-status";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { ThemeToggle } from "./theme-toggle";

/** The signed-in shell: sidebar, header with toggles, beta banner. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <LoadingScreen />;
  // Signed out while on a signed-in page: after a lost session the delayed redirect to the sign-in entry is under
  // way (see session-lost.ts); otherwise (logout) go to /login.
  if (!user) return isSessionLost() ? <LoadingScreen /> : <Navigate to="/login" />;

  return (
    <SidebarProvider>
      <SendKeptChanges />
      <SkipLink />
      <AppSidebar user={user} />
      <SidebarInset>
        <BetaBanner />
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-4">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4!" />
          <div className="flex-1" />
          <ThemeToggle />
        </header>
        <div id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          {children}
        </div>
        <OfflineStatus />
      </SidebarInset>
    </SidebarProvider>
  );
}

/** Sends the changes kept offline once the network is back, whichever screen is open (a component: only signed in). */
function SendKeptChanges() {
  useSendKeptStock();
  return null;
}
