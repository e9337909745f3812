import { AppLayout } from "./app-layout";
import { HomePlaceholder } from "./home-placeholder";

/** Loaded lazily from the index route so the landing page never ships the signed-in shell. */
export function SignedInHome() {
  return (
    <AppLayout>
      <HomePlaceholder />
    </AppLayout>
  );
}
