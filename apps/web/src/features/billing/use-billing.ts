import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "@kim/ui/lib/use-toast";
import { currentUserQueryKey } from "../../lib/current-user";
import { errorMessage } from "../../lib/form";
import { trpc } from "../../lib/trpc";

const errorToast = (description: string) => toast({ title: "Error", description, variant: "destructive" });

/**
 * Goes where the server sent us: Stripe's pages by a full navigation, Kim's own pages (the local trial mode's
 * /profile and /billing) inside the app, with the current user refreshed since the plan may have changed.
 */
function useGoTo() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Answers whether the page is being left (the caller's buttons then stay disabled until it is gone). */
  return async (url: string): Promise<boolean> => {
    const target = new URL(url, window.location.href);
    if (target.origin !== window.location.origin) {
      window.location.assign(target.href);
      return true;
    }
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    // The search too: /profile?checkout=success confirms the trial that just started.
    await navigate({ href: `${target.pathname}${target.search}` });
    return false;
  };
}

/**
 * Starts a plan's trial (POST /api/stripe/create-checkout-session). `pending` stays true from the click until the
 * browser leaves, so the buttons stay disabled; a failure re-enables them with the spec's toast.
 */
export function useCheckout() {
  const goTo = useGoTo();
  const [leaving, setLeaving] = useState(false);
  const mutation = trpc.billing.createCheckoutSession.useMutation({
    onSuccess: async ({ url }) => {
      if (!url) return errorToast("No checkout URL received");
      setLeaving(true);
      setLeaving(await goTo(url).catch(() => false));
    },
    onError: (error) => errorToast(errorMessage(error, "Failed to start checkout")),
  });
  return { start: mutation.mutate, pending: mutation.isPending || leaving, plan: mutation.variables?.plan };
}

/** Opens the billing portal (POST /api/stripe/create-portal-session): Stripe's, or Kim's own /billing in local mode. */
export function usePortal() {
  const goTo = useGoTo();
  const [leaving, setLeaving] = useState(false);
  const mutation = trpc.billing.createPortalSession.useMutation({
    onSuccess: async ({ url }) => {
      if (!url) return errorToast("Failed to open subscription management");
      setLeaving(true);
      setLeaving(await goTo(url).catch(() => false));
    },
    onError: (error) => errorToast(errorMessage(error, "Failed to open subscription management")),
  });
  return { open: () => mutation.mutate(), pending: mutation.isPending || leaving };
}
