import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { isUnauthorizedError } from "./errors";
import { signalSessionLost } from "./session-lost";
import { trpc, type RouterOutputs, type TrpcClient } from "./trpc";

export type CurrentUser = RouterOutputs["auth"]["user"];

const CURRENT_USER_STALE_MS = 300_000;

export const currentUserQueryKey = getQueryKey(trpc.auth.user, undefined, "query");

/**
 * The signed-in user, or null when signed out. UNAUTHORIZED resolves to null instead of an error
 * so that being signed out is a normal state and never triggers the global unauthorized redirect.
 * The key is tRPC's own, so `utils.auth.user.invalidate()` refreshes it after login or logout.
 */
export function currentUserQueryOptions(client: TrpcClient) {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async ({ client: queryClient, queryKey }): Promise<CurrentUser | null> => {
      try {
        return await client.auth.user.query();
      } catch (error) {
        if (!isUnauthorizedError(error)) throw error;
        // Signed in a moment ago and not any more: the session expired or ended elsewhere. Handled like any
        // Unauthorized answer (drafts kept, toast, delayed redirect) before the screen learns the user is gone.
        if (queryClient.getQueryData(queryKey)) signalSessionLost();
        return null;
      }
    },
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
  });
}

/** Stores the user a login, signup or profile update answered with (null after logout). */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(currentUserQueryKey, user);
}

export function useCurrentUser() {
  const client = trpc.useUtils().client;
  return useQuery(currentUserQueryOptions(client));
}

/** "Welcome back, {first name or Chef}!" */
export function greetingName(user: Pick<CurrentUser, "firstName"> | null | undefined): string {
  return user?.firstName?.trim() || "Chef";
}

/** Display name for the sidebar footer. */
export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email;
}
