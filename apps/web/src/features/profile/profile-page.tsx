import { useCurrentUser } from "../../lib/current-user";
import { useCheckoutConfirmation } from "../billing/use-checkout-confirmation";
import { HouseholdCard } from "../households/household-card";
import { AvatarPicker } from "./avatar-picker";
import { ExpiryMailCard } from "./expiry-mail-card";
import { PersonalInfoCard } from "./personal-info-card";
import { SubscriptionCard } from "./subscription-card";
import { DeleteAccountCard } from "../transfer/delete-account-card";
import { ExportCard } from "../transfer/export-card";
import { ImportCollectionCard } from "../transfer/import-collection-card";

export function ProfilePage({ fromCheckout = false }: { fromCheckout?: boolean }) {
  const { data: user } = useCurrentUser();
  useCheckoutConfirmation(fromCheckout);
  // The _authed layout only renders once the user is known.
  if (!user) return null;

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Profile Settings</h1>
        <p className="mt-2 text-muted-foreground">Manage your account and subscription</p>
      </div>
      <SubscriptionCard user={user} />
      <AvatarPicker current={user.profileImageUrl} />
      {/* Keyed by id so the form starts over if another account signs in. */}
      <PersonalInfoCard key={user.id} user={user} />
      <ExpiryMailCard />
      <HouseholdCard userId={user.id} />
      <ImportCollectionCard />
      <ExportCard />
      <DeleteAccountCard />
    </div>
  );
}
