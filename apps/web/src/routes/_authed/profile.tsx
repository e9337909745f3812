import { createFileRoute } from "@tanstack/react-router";
import { AvatarPicker } from "../../components/profile/avatar-picker";
import { PersonalInfoCard } from "../../components/profile/personal-info-card";
import { SubscriptionCard } from "../../components/profile/subscription-card";
import { useCurrentUser } from "../../lib/current-user";

export const Route = createFileRoute("/_authed/profile")({
  component: ProfilePage,
});

function ProfilePage() {
  const { data: user } = useCurrentUser();
  // The _authed layout only renders once the user is known.
  if (!user) return null;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Profile Settings</h1>
        <p className="mt-2 text-muted-foreground">Manage your account and subscription</p>
      </div>
      <SubscriptionCard user={user} />
      <AvatarPicker current={user.profileImageUrl} />
      {/* Keyed by id so the form starts over if another account signs in. */}
      <PersonalInfoCard key={user.id} user={user} />
    </div>
  );
}
