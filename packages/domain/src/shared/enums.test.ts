import { describe, expect, it } from "vitest";
import { AVATARS, avatarName, BUG_PRIORITIES, BUG_STATUSES, CATEGORIES, CUISINES, DIFFICULTIES, UNITS } from "./enums";

describe("enumerations", () => {
  // Written out from the spec's Enumerations section: selects show these values, in this order.
  it("lists the spec's values, in the spec's order", () => {
    expect(CATEGORIES).toEqual(["Dairy", "Produce", "Meat", "Seafood", "Pantry", "Spices", "Frozen", "Beverages", "Other"]);
    expect(UNITS).toEqual(["cups", "oz", "lbs", "g", "kg", "ml", "L", "units", "tbsp", "tsp"]);
    expect(DIFFICULTIES).toEqual(["Easy", "Medium", "Hard"]);
    expect(CUISINES).toEqual(["Italian", "Mexican", "Asian", "American", "French", "Indian", "Mediterranean", "Other"]);
    expect(BUG_PRIORITIES).toEqual(["low", "medium", "high"]);
    expect(BUG_STATUSES).toEqual(["open", "in-progress", "resolved", "closed"]);
    expect(AVATARS).toEqual([
      "Apple",
      "Banana",
      "Cherry",
      "Coffee",
      "Cookie",
      "Croissant",
      "Pizza",
      "Ice Cream",
      "Sandwich",
      "Salad",
      "Cake",
      "Chef",
      "Utensils",
      "Person",
      "User",
      "Baby",
      "Cat",
      "Dog",
      "Bird",
      "Fish",
      "Rabbit",
    ]);
  });

  it("falls back to the User avatar for unknown names", () => {
    expect(avatarName("Cat")).toBe("Cat");
    expect(avatarName("Ice Cream")).toBe("Ice Cream");
    expect(avatarName("Dragon")).toBe("User");
    expect(avatarName("")).toBe("User");
    expect(avatarName(null)).toBe("User");
    expect(avatarName(undefined)).toBe("User");
  });
});
