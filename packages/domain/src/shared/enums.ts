export const CATEGORIES = ["Dairy", "Produce", "Meat", "Seafood", "Pantry", "Spices", "Frozen", "Beverages", "Other"] as const;
export type Category = (typeof CATEGORIES)[number];

export const UNITS = ["cups", "oz", "lbs", "g", "kg", "ml", "L", "units", "tbsp", "tsp"] as const;
export type Unit = (typeof UNITS)[number];

export const DIFFICULTIES = ["Easy", "Medium", "Hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const CUISINES = ["Italian", "Mexican", "Asian", "American", "French", "Indian", "Mediterranean", "Other"] as const;
export type Cuisine = (typeof CUISINES)[number];

export const MEAL_TYPES = ["breakfast", "lunch", "dinner"] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const BUG_PRIORITIES = ["low", "medium", "high"] as const;
export type BugPriority = (typeof BUG_PRIORITIES)[number];

export const BUG_STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];

export const ROLES = ["user", "admin"] as const;

/** The paid plans; a user's plan is one of these or "none". */
export const PLANS = ["basic", "pro"] as const;
export type PaidPlan = (typeof PLANS)[number];

export const AVATARS = [
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
] as const;
export type Avatar = (typeof AVATARS)[number];
export const DEFAULT_AVATAR: Avatar = "User";

/** An unknown or missing avatar name falls back to User. */
export function avatarName(value: string | null | undefined): Avatar {
  return (AVATARS as readonly string[]).includes(value ?? "") ? (value as Avatar) : DEFAULT_AVATAR;
}
