import { describe, expect, it } from "vitest";
import { isLiveSubscription, SUBSCRIPTION_STATUSES } from "./subscription";

describe("subscription statuses", () => {
  it("labels the statuses the spec names", () => {
    expect(SUBSCRIPTION_STATUSES).toEqual(["trialing", "active", "past_due", "canceled"]);
  });

  // Stripe's eight statuses: two end a subscription, the other six keep it live.
  it.each(["trialing", "active", "past_due", "unpaid", "incomplete", "paused"])("counts %s as live", (status) => {
    expect(isLiveSubscription(status)).toBe(true);
  });

  it.each(["canceled", "incomplete_expired"])("counts %s as ended", (status) => {
    expect(isLiveSubscription(status)).toBe(false);
  });

  it("counts no status as no subscription", () => {
    expect(isLiveSubscription(null)).toBe(false);
  });
});
