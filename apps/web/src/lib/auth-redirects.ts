import { redirect } from "@tanstack/react-router";
import type { RouterContext } from "./router-context";
import { currentUserQueryOptions } from "./current-user";

/** beforeLoad for /login and /signup: signed-in users belong on the home page. */
export async function redirectSignedInHome({ context }: { context: RouterContext }): Promise<void> {
  const user = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpcClient)).catch(() => null);
  if (user) throw redirect({ to: "/" });
}
