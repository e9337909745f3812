import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { currentUserQueryKey } from "./current-user";
import { isUnauthorizedError } from "./errors";
import { signalSessionLost } from "./session-lost";

export { LOGIN_ENTRY, goToLoginEntry } from "./session-lost";

export function createQueryClient(): QueryClient {
  // An Unauthorized answer means the session was lost only while a user is known to be signed in. Before the
  // session check has answered (a page's data is fetched beside it) or once signed out, that check decides.
  const handleUnauthorized = (error: unknown) => {
    if (isUnauthorizedError(error) && client.getQueryData(currentUserQueryKey)) signalSessionLost();
  };
  const client: QueryClient = new QueryClient({
    // Spec: data never goes stale, no refetch on focus, no retries. Offline, calls are still made, not paused: the
    // service worker answers queries with their last answer, and a change fails at once (or waits on the device).
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false, networkMode: "offlineFirst" },
      mutations: { retry: false, networkMode: "offlineFirst" },
    },
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
  });
  return client;
}
