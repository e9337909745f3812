import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "./errors";
import { signalSessionLost } from "./session-lost";

export { LOGIN_ENTRY, goToLoginEntry } from "./session-lost";

function handleUnauthorized(error: unknown): void {
  if (isUnauthorizedError(error)) signalSessionLost();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Spec: data never goes stale, no refetch on focus, no retries.
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
  });
}
