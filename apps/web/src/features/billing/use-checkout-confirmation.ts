import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { hasCurrentPlan, PLAN_DETAILS, trialLeftLabel } from "@kim/domain";
import { toast } from "@kim/ui/lib/use-toast";
import { currentUserQueryKey, type CurrentUser } from "../../lib/current-user";

/** While the webhook is awaited, the user is read again this often, for about this long. */
export const CHECKOUT_POLL_MS = 2_000;
export const CHECKOUT_POLL_LIMIT_MS = 60_000;

export const STILL_CONFIRMING = {
  title: "Your payment is still being confirmed",
  description: "Reload this page in a minute.",
} as const;

function confirmedPlan(user: CurrentUser | null | undefined): string | null {
  return user && user.plan !== "none" && hasCurrentPlan(user) ? `Kim ${PLAN_DETAILS[user.plan].name}` : null;
}

/** What the cook is told on coming back from checkout, from the user as the server has them now. */
export function checkoutToast(user: CurrentUser | null | undefined): { title: string; description: string } {
  const plan = confirmedPlan(user);
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
 * the user read afresh, and takes the mark out of the address so a reload doesn't say it again. When the webhook has
 * not arrived yet, nothing else tells the page (live updates don't carry the plan), so the user is read again every
 * 2 s until the plan shows, or for about a minute, after which the cook is told plainly to reload later.
 */
export function useCheckoutConfirmation(fromCheckout: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirmed = useRef(false);
  const [awaitingWebhook, setAwaitingWebhook] = useState(false);

  useEffect(() => {
    if (!fromCheckout || confirmed.current) return;
    confirmed.current = true;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
      toast(checkoutToast(user));
      if (user && !confirmedPlan(user)) setAwaitingWebhook(true);
      await navigate({ to: "/profile", search: {}, replace: true });
    })();
  }, [fromCheckout, queryClient, navigate]);

  useEffect(() => {
    if (!awaitingWebhook) return;
    // A timer per read, not an interval: a slow answer is never cut short by the next read.
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUpAt = Date.now() + CHECKOUT_POLL_LIMIT_MS;
    const read = async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      if (stopped) return;
      const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
      if (!user) return setAwaitingWebhook(false);
      if (confirmedPlan(user)) {
        toast(checkoutToast(user));
        return setAwaitingWebhook(false);
      }
      if (Date.now() >= giveUpAt) {
        toast(STILL_CONFIRMING);
        return setAwaitingWebhook(false);
      }
      timer = setTimeout(() => void read(), CHECKOUT_POLL_MS);
    };
    timer = setTimeout(() => void read(), CHECKOUT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [awaitingWebhook, queryClient]);
}
