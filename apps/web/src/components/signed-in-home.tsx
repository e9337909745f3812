import { Dashboard } from "../features/dashboard/dashboard";
import { AppLayout } from "./app-layout";

/** Loaded lazily from the index route so the landing page never ships the signed-in shell. */
export function SignedInHome() {
  return (
    <AppLayout>
      <Dashboard />
    </AppLayout>
  );
}
