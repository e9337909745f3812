import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { hasCurrentPlan, PLAN_DETAILS, trialLeftLabel } from "@kim/domain";
import { toast } from "@kim/ui/lib/use-toast";
import { currentUserQueryKey, type CurrentUser } from "../../lib/current-user";

/** What the cook is told on coming back from checkout, from the user as the server has them now. */
export function checkoutToast(user: CurrentUser | null | undefined): { title: string; description: string } {
  const plan = user && user.plan !== "none" && hasCurrentPlan(user) ? `Kim ${PLAN_DETAILS[user.plan].name}` : null;
  if (!user || !plan) {
    // Stripe tells Kim by webhook, which may arrive a moment after the browser.
    return { title: "Thanks! Your subscription is being confirmed", description: "It shows on this page in a moment." };
  }
  const trialLeft = trialLeftLabel(user);
  if (trialLeft !== null) {
    return { title: "Your free trial has started", description: `${plan} is yours free: ${trialLeft}. No card needed.` };
  }
  return { title: "Your subscription has started", description: `${plan} is active.` };
}

/**
 * Back from checkout (Stripe's, or the local mode's at once) with `?checkout=success`: confirms the plan once, with
 * the user read afresh, and takes the mark out of the address so a reload doesn't say it again.
 */
export function useCheckoutConfirmation(fromCheckout: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirmed = useRef(false);
  useEffect(() => {
    if (!fromCheckout || confirmed.current) return;
    confirmed.current = true;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast(checkoutToast(queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey)));
      await navigate({ to: "/profile", search: {}, replace: true });
    })();
  }, [fromCheckout, queryClient, navigate]);
}
