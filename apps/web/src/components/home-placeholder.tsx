import { greetingName, useCurrentUser } from "../lib/current-user";

/** Signed-in home; the dashboard cards arrive in a later issue. */
export function HomePlaceholder() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-bold tracking-tight">Welcome back, {greetingName(user)}!</h1>
      <p className="mt-2 text-muted-foreground">Here's what's happening in your kitchen today</p>
    </div>
  );
}
