import { describe, expect, it } from "vitest";
import {
  formatPrice,
  hasCurrentPlan,
  hasProAccess,
  planLabel,
  showsProBadge,
  STARTING_PRICE,
  subscriptionStatusLabel,
  trialLeftLabel,
  type AccessSubject,
} from "./plans";

const base: AccessSubject = {
  isPro: false,
  role: "user",
  isBetaTester: false,
  plan: "none",
  subscriptionStatus: null,
  trialEndsAt: null,
  pastDueSince: null,
};

describe("plans", () => {
  it("formats the plan prices", () => {
    expect(formatPrice(599)).toBe("$5.99");
    expect(STARTING_PRICE).toBe("$5.99");
  });

  it("grants Pro access to isPro, admins and beta testers whatever their plan", () => {
    expect(hasProAccess(base)).toBe(false);
    expect(hasProAccess({ ...base, isPro: true })).toBe(true);
    expect(hasProAccess({ ...base, role: "admin" })).toBe(true);
    expect(hasProAccess({ ...base, isBetaTester: true })).toBe(true);
    expect(hasProAccess({ ...base, role: "admin", plan: "basic", subscriptionStatus: "canceled" })).toBe(true);
    expect(hasProAccess({ ...base, isBetaTester: true, plan: "pro", subscriptionStatus: "past_due", pastDueSince: "2020-01-01" })).toBe(
      true,
    );
  });

  describe("a Pro plan", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const pro: AccessSubject = { ...base, plan: "pro" };
    const at = (iso: string) => new Date(iso);

    it("gives access while active, and while trialing until the trial ends", () => {
      expect(hasProAccess({ ...pro, subscriptionStatus: "active" }, now)).toBe(true);
      expect(hasProAccess({ ...pro, subscriptionStatus: "trialing", trialEndsAt: "2026-03-24T12:00:00Z" }, now)).toBe(true);
      expect(hasProAccess({ ...pro, subscriptionStatus: "trialing", trialEndsAt: at("2026-03-10T12:00:01Z") }, now)).toBe(true);
      // A local trial past its end, before housekeeping marks it canceled.
      expect(hasProAccess({ ...pro, subscriptionStatus: "trialing", trialEndsAt: "2026-03-10T12:00:00Z" }, now)).toBe(false);
      expect(hasProAccess({ ...pro, subscriptionStatus: "trialing", trialEndsAt: null }, now)).toBe(false);
    });

    it("keeps access for 3 days after a payment fails, then loses it", () => {
      const pastDue = { ...pro, subscriptionStatus: "past_due" };
      expect(hasProAccess({ ...pastDue, pastDueSince: "2026-03-10T11:00:00Z" }, now)).toBe(true);
      expect(hasProAccess({ ...pastDue, pastDueSince: "2026-03-07T12:00:01Z" }, now)).toBe(true);
      expect(hasProAccess({ ...pastDue, pastDueSince: "2026-03-07T12:00:00Z" }, now)).toBe(false);
      expect(hasProAccess({ ...pastDue, pastDueSince: "2026-02-01T00:00:00Z" }, now)).toBe(false);
    });

    it("gives none once canceled or in any other status", () => {
      expect(hasProAccess({ ...pro, subscriptionStatus: "canceled", trialEndsAt: "2026-03-24T12:00:00Z" }, now)).toBe(false);
      expect(hasProAccess({ ...pro, subscriptionStatus: "incomplete" }, now)).toBe(false);
      expect(hasProAccess({ ...pro, subscriptionStatus: "unpaid" }, now)).toBe(false);
      expect(hasProAccess({ ...pro, subscriptionStatus: null }, now)).toBe(false);
    });

    it("is needed: a Basic plan never gives Pro access", () => {
      expect(hasProAccess({ ...base, plan: "basic", subscriptionStatus: "active" }, now)).toBe(false);
      expect(hasProAccess({ ...base, plan: "basic", subscriptionStatus: "trialing", trialEndsAt: "2026-03-24T12:00:00Z" }, now)).toBe(
        false,
      );
      expect(hasProAccess({ ...base, plan: "none", subscriptionStatus: "active" }, now)).toBe(false);
    });
  });

  it("tells a current plan from none or an ended one", () => {
    expect(hasCurrentPlan(base)).toBe(false);
    expect(hasCurrentPlan({ plan: "basic", subscriptionStatus: "trialing" })).toBe(true);
    expect(hasCurrentPlan({ plan: "pro", subscriptionStatus: "past_due" })).toBe(true);
    expect(hasCurrentPlan({ plan: "pro", subscriptionStatus: "canceled" })).toBe(false);
    expect(hasCurrentPlan({ plan: "pro", subscriptionStatus: "incomplete_expired" })).toBe(false);
    // As the API's queries read it: a plan with no status has no subscription to manage.
    expect(hasCurrentPlan({ plan: "pro", subscriptionStatus: null })).toBe(false);
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
    const paid: AccessSubject = { ...base, plan: "basic" };
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "trialing" })).toBe("Free Trial");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "active" })).toBe("Active");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "past_due" })).toBe("Payment Failed");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "canceled" })).toBe("Canceled");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "incomplete" })).toBe("incomplete");
    expect(subscriptionStatusLabel({ ...paid, subscriptionStatus: "constructor" })).toBe("constructor");
  });

  it("counts trial days left, rounded up, and says when less than a day is left or the trial is over", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const trial: AccessSubject = { ...base, plan: "pro", subscriptionStatus: "trialing" };
    const endingAt = (trialEndsAt: string | null) => trialLeftLabel({ ...trial, trialEndsAt }, now);
    expect(endingAt("2026-01-15T00:00:00Z")).toBe("14 days left");
    expect(endingAt("2026-01-02T00:00:01Z")).toBe("2 days left");
    expect(endingAt("2026-01-02T00:00:00Z")).toBe("1 day left");
    expect(endingAt("2026-01-01T23:59:59Z")).toBe("less than a day left");
    expect(endingAt("2026-01-01T01:00:00Z")).toBe("less than a day left");
    // Pro is locked from the end on (hasProAccess), before housekeeping marks the plan canceled: never "0 days left".
    expect(endingAt("2026-01-01T00:00:00Z")).toBe("trial ended");
    expect(endingAt("2025-12-31T23:30:00Z")).toBe("trial ended");
    expect(endingAt(null)).toBeNull();
    expect(trialLeftLabel({ ...trial, subscriptionStatus: "active", trialEndsAt: "2026-01-02T00:00:00Z" }, now)).toBeNull();
    // A beta tester or an admin with a trial has free access, no countdown: "Beta Tester - Free Access", not "(14 days left)".
    expect(trialLeftLabel({ ...trial, isBetaTester: true, trialEndsAt: "2026-01-15T00:00:00Z" }, now)).toBeNull();
    expect(trialLeftLabel({ ...trial, role: "admin", trialEndsAt: "2026-01-15T00:00:00Z" }, now)).toBeNull();
  });
});
