import { describe, expect, it } from "vitest";
import { planSchema, roleSchema, subscriptionStatusSchema } from "./account";

describe("account values", () => {
  it("lists the roles, plans and subscription statuses the app knows", () => {
    expect(roleSchema.options).toEqual(["user", "admin"]);
    expect(planSchema.options).toEqual(["none", "basic", "pro"]);
    expect(subscriptionStatusSchema.options).toEqual(["trialing", "active", "past_due", "canceled"]);
  });

  it("names the allowed values when one is wrong", () => {
    expect(roleSchema.safeParse("owner").error?.issues[0]?.message).toBe("Role must be one of user, admin");
    expect(planSchema.safeParse("enterprise").error?.issues[0]?.message).toBe("Plan must be one of none, basic, pro");
    expect(subscriptionStatusSchema.safeParse("incomplete").error?.issues[0]?.message).toBe(
      "Subscription status must be one of trialing, active, past_due, canceled",
    );
  });
});
