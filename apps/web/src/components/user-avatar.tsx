import {
  Apple,
  Baby,
  Banana,
  Bird,
  Cake,
  Cat,
  ChefHat,
  Cherry,
  Coffee,
  Cookie,
  Croissant,
  Dog,
  Fish,
  IceCreamCone,
  PersonStanding,
  Pizza,
  Rabbit,
  Salad,
  Sandwich,
  User,
  Utensils,
  type LucideIcon,
} from "lucide-react";
import { avatarName, type Avatar } from "@kim/domain";
import { cn } from "@kim/ui/lib/utils";

export const AVATAR_ICONS: Record<Avatar, LucideIcon> = {
  Apple,
  Banana,
  Cherry,
  Coffee,
  Cookie,
  Croissant,
  Pizza,
  "Ice Cream": IceCreamCone,
  Sandwich,
  Salad,
  Cake,
  Chef: ChefHat,
  Utensils,
  Person: PersonStanding,
  User,
  Baby,
  Cat,
  Dog,
  Bird,
  Fish,
  Rabbit,
};

/** The user's avatar icon in a circle; unknown names show the User icon. */
export function UserAvatar({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = AVATAR_ICONS[avatarName(name)];
  return (
    <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary", className)}>
      <Icon className="size-1/2" aria-hidden="true" />
    </span>
  );
}
