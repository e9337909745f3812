import { describe, expect, it } from "vitest";
import {
  formatPrice,
  hasProAccess,
  planLabel,
  showsProBadge,
  STARTING_PRICE,
  subscriptionStatusLabel,
  trialDaysLeft,
  trialDaysLeftLabel,
  type PlanSubject,
} from "./plans";

const base: PlanSubject = { isPro: false, role: "user", isBetaTester: false, plan: "none", subscriptionStatus: null, trialEndsAt: null };

describe("plans", () => {
  it("formats the plan prices", () => {
    expect(formatPrice(599)).toBe("$5.99");
    expect(STARTING_PRICE).toBe("$5.99");
  });

  it("grants Pro access to isPro, admins and beta testers only", () => {
    expect(hasProAccess(base)).toBe(false);
    expect(hasProAccess({ ...base, isPro: true })).toBe(true);
    expect(hasProAccess({ ...base, role: "admin" })).toBe(true);
    expect(hasProAccess({ ...base, isBetaTester: true })).toBe(true);
  });

  it("labels plans", () => {
    expect(planLabel(base)).toBe("No Plan");
    expect(planLabel({ ...base, plan: "basic" })).toBe("Basic - $5.99/mo");
    expect(planLabel({ ...base, plan: "pro" })).toBe("Pro - $12.99/mo");
    expect(planLabel({ ...base, plan: "basic", role: "admin" })).toBe("Pro - Free Access");
    expect(planLabel({ ...base, isBetaTester: true })).toBe("Pro - Free Access");
    expect(showsProBadge({ ...base, plan: "basic" })).toBe(false);
    expect(showsProBadge({ ...base, plan: "pro" })).toBe(true);
  });

  it("labels subscription statuses", () => {
    expect(subscriptionStatusLabel({ ...base, role: "admin" })).toBe("Admin - Free Access");
    expect(subscriptionStatusLabel({ ...base, isBetaTester: true })).toBe("Beta Tester - Free Access");
    expect(subscriptionStatusLabel(base)).toBe("No active subscription");
    expect(subscriptionStatusLabel({ ...base, plan: "none", subscriptionStatus: "active" })).toBe("No active subscription");
    const paid: PlanSubject = { ...base, plan: "basic" };
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "trialing" })).toBe("Free Trial");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "active" })).toBe("Active");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "past_due" })).toBe("Payment Failed");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "canceled" })).toBe("Canceled");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "incomplete" })).toBe("incomplete");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "constructor" })).toBe("constructor");
  });

  it("counts trial days left, rounded up", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const trial: PlanSubject = { ...base, plan: "pro", subscriptionStatus: "trialing" };
    expect(trialDaysLeft({ ...trial, trialEndsAt: "2026-01-02T00:00:00Z" }, now)).toBe(1);
    expect(trialDaysLeft({ ...trial, trialEndsAt: "2026-01-02T00:00:01Z" }, now)).toBe(2);
    expect(trialDaysLeft({ ...trial, trialEndsAt: "2026-01-15T00:00:00Z" }, now)).toBe(14);
    expect(trialDaysLeft({ ...trial, trialEndsAt: null }, now)).toBeNull();
    expect(trialDaysLeft({ ...trial, subscriptionStatus: "active", trialEndsAt: "2026-01-02T00:00:00Z" }, now)).toBeNull();
    expect(trialDaysLeftLabel(1)).toBe("1 day left");
    expect(trialDaysLeftLabel(3)).toBe("3 days left");
  });
});
