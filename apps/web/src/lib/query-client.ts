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
    // Spec: data never goes stale, no refetch on focus, no retries.
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
  });
  return client;
}
