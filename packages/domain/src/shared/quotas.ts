/**
 * How much one account may keep, generous for a real kitchen (a large pantry holds a few hundred items, a keen cook's
 * collection a few hundred recipes) yet a bound on what one account can make the server store. Each recipe and list
 * is itself bounded by its schema, so these also bound an account's bytes.
 */
export const QUOTAS = {
  ingredients: { max: 5000, noun: "ingredients" },
  recipes: { max: 2000, noun: "recipes" },
  mealPlans: { max: 20_000, noun: "planned meals" },
  shoppingLists: { max: 50, noun: "shopping lists" },
} as const;

export type QuotaName = keyof typeof QUOTAS;

/** What a create past the quota answers, naming it. */
export function quotaMessage(name: QuotaName): string {
  const { max, noun } = QUOTAS[name];
  return `You have reached the limit of ${max.toLocaleString("en-US")} ${noun}; delete some to add more`;
}
