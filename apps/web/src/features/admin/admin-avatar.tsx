import { avatarName, DEFAULT_AVATAR } from "@kim/domain";
import { UserAvatar } from "../../components/user-avatar";

/** A hue from the email, so each fallback keeps its colour between visits. */
function hueOf(email: string): number {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/**
 * The user's chosen icon, else initials from the email on a colour of its own. Only Kim's icons are drawn: an image
 * address is never loaded, so a user can't make the admin's browser fetch from their site.
 */
export function AdminAvatar({ email, image }: { email: string; image: string }) {
  if (avatarName(image) !== DEFAULT_AVATAR) return <UserAvatar name={image} className="size-10" />;
  const initials =
    email
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 2)
      .toUpperCase() || "?";
  return (
    <span
      data-testid="avatar-fallback"
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white"
      style={{ backgroundColor: `hsl(${hueOf(email)} 55% 38%)` }}
    >
      {initials}
    </span>
  );
}
