import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@kim/ui/lib/use-toast";
import { isUnauthorizedError } from "./errors";

/** Sign-in entry the server answers for expired sessions. */
export const LOGIN_ENTRY = "/api/login";
const UNAUTHORIZED_REDIRECT_MS = 500;

/** Full page navigation: the sign-in entry is served by the API, not the SPA. */
export function goToLoginEntry(): void {
  window.location.href = LOGIN_ENTRY;
}

let redirecting = false;

function handleUnauthorized(error: unknown): void {
  if (!isUnauthorizedError(error) || redirecting) return;
  redirecting = true;
  // Cache handlers run before the screen's own onError; deferring lets this toast replace the
  // screen's failure toast ("Failed to add ingredient") instead of being replaced by it.
  setTimeout(() => {
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  }, 0);
  setTimeout(goToLoginEntry, UNAUTHORIZED_REDIRECT_MS);
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
