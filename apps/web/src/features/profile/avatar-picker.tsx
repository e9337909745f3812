import { AVATARS, avatarName } from "@kim/domain";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { cn } from "@kim/ui/lib/utils";
import { AVATAR_ICONS } from "../../components/user-avatar";
import { useUpdateProfile } from "./use-update-profile";

export function AvatarPicker({ current }: { current: string | null }) {
  const update = useUpdateProfile();
  // Show the pick at once while it saves.
  const selected = avatarName(update.isPending ? update.variables?.profileImageUrl : current);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Profile Picture</h2>
        </CardTitle>
        <CardDescription>Choose an avatar icon</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="group" aria-label="Avatars" className="grid max-w-md grid-cols-7 gap-2">
          {AVATARS.map((name) => {
            const Icon = AVATAR_ICONS[name];
            const isSelected = name === selected;
            return (
              <button
                key={name}
                type="button"
                title={name}
                aria-label={name}
                aria-pressed={isSelected}
                disabled={update.isPending}
                onClick={() => update.mutate({ profileImageUrl: name })}
                className={cn(
                  "flex aspect-square items-center justify-center rounded-lg border transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-wait",
                  isSelected ? "border-primary bg-secondary text-primary ring-2 ring-primary" : "text-muted-foreground",
                )}
              >
                <Icon className="size-5 sm:size-6" aria-hidden="true" />
              </button>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}
