import type { IngredientInput } from "@kim/domain";
import type { Ingredient } from "./ingredient-form-values";

/** The fields a cook changes (the form's); the rest (who, when) is the server's. */
export const STOCK_FIELDS = ["name", "quantity", "unit", "category", "expirationDate", "notes"] as const;
export type StockFields = Pick<Ingredient, (typeof STOCK_FIELDS)[number]>;

/**
 * An inventory change kept on the device while offline (decision 0038), with the idempotency key it is sent with
 * every time, so it is applied once however often it is sent. A change to an ingredient added offline names it by
 * its stand-in id (`offlineId`) until the add is answered. `base` is the ingredient as the cook saw it when changing
 * it: what tells, on replay, that someone else changed or deleted it meanwhile. `sent`: it went out at least once,
 * so the server may have applied it already (its key answers the first answer); it is not checked again.
 */
export type StockOp =
  | { type: "create"; key: string; input: IngredientInput; sent?: boolean }
  | { type: "update"; key: string; id: string; base: StockFields; data: Partial<IngredientInput>; sent?: boolean }
  | { type: "delete"; key: string; id: string; base: StockFields; sent?: boolean };

const OFFLINE_PREFIX = "offline-";
/** The id an ingredient added offline shows with until the server gives it one. */
export const offlineId = (changeId: number) => `${OFFLINE_PREFIX}${changeId}`;
export const isOfflineId = (id: string) => id.startsWith(OFFLINE_PREFIX);

export const fieldsOf = (ingredient: StockFields): StockFields =>
  Object.fromEntries(STOCK_FIELDS.map((field) => [field, ingredient[field]])) as StockFields;

/** The fields `input` changes from `base`: all an update sends, so what others changed in the other fields stays. */
export function changedFields(base: StockFields, input: IngredientInput): Partial<IngredientInput> {
  return Object.fromEntries(STOCK_FIELDS.filter((field) => input[field] !== base[field]).map((field) => [field, input[field]]));
}

/** The server's order: soonest expiry first, no date last, then by name. */
const byExpiryThenName = (a: Ingredient, b: Ingredient) =>
  a.expirationDate === b.expirationDate
    ? a.name.localeCompare(b.name)
    : a.expirationDate === null
      ? 1
      : b.expirationDate === null
        ? -1
        : a.expirationDate.localeCompare(b.expirationDate);

/** The inventory as the cook sees it: the server's, with the changes waiting on the device applied. */
export function withWaiting(list: Ingredient[], waiting: { id: number; op: StockOp }[]): Ingredient[] {
  if (waiting.length === 0) return list;
  const now = new Date().toISOString();
  const shown = waiting.reduce<Ingredient[]>((items, { id, op }) => {
    if (op.type === "create")
      return [...items, { ...op.input, id: offlineId(id), createdBy: null, updatedBy: null, createdAt: now, updatedAt: now }];
    if (op.type === "update") return items.map((item) => (item.id === op.id ? { ...item, ...op.data } : item));
    return items.filter((item) => item.id !== op.id);
  }, list);
  return shown.sort(byExpiryThenName);
}

/** What became of a change kept offline that could not be applied as made: said to the cook, never dropped silently. */
export type Outcome =
  | { kind: "deleted"; name: string; data: Partial<IngredientInput> }
  | { kind: "overwrote"; name: string; fields: (keyof IngredientInput)[] }
  | { kind: "kept"; name: string }
  | { kind: "refused"; name: string; message: string };

/**
 * Checks a change made offline against the ingredient as the server has it now (undefined: deleted meanwhile).
 * An edit of a deleted ingredient is not applied and is told. An edit sends only the fields the cook changed, so
 * someone else's change to another field stays; a field both changed takes the cook's value, and that is told. A
 * delete of an ingredient someone changed meanwhile is not applied (their change would go unseen) and is told; of
 * one already deleted, there is nothing to do.
 */
export function check(op: StockOp, now: StockFields | undefined): { send: boolean; outcome?: Outcome } {
  if (op.type === "create" || op.sent) return { send: true };
  if (!now)
    return op.type === "update" ? { send: false, outcome: { kind: "deleted", name: op.base.name, data: op.data } } : { send: false };
  const changedThere = STOCK_FIELDS.filter((field) => now[field] !== op.base[field]);
  if (op.type === "delete") return changedThere.length > 0 ? { send: false, outcome: { kind: "kept", name: now.name } } : { send: true };
  const both = changedThere.filter((field) => field in op.data && op.data[field] !== now[field]);
  return both.length > 0 ? { send: true, outcome: { kind: "overwrote", name: now.name, fields: both } } : { send: true };
}

const FIELD_NAMES: Record<keyof IngredientInput, string> = {
  name: "name",
  quantity: "quantity",
  unit: "unit",
  category: "category",
  expirationDate: "expiration date",
  notes: "notes",
};

/** The outcome as the cook reads it. */
export function describeOutcome(outcome: Outcome): { title: string; description: string } {
  switch (outcome.kind) {
    case "deleted": {
      const change = Object.entries(outcome.data)
        .map(([field, value]) => `${FIELD_NAMES[field as keyof IngredientInput]} ${String(value ?? "none")}`)
        .join(", ");
      return {
        title: `${outcome.name} was not updated`,
        description: `It was deleted on another device while you were offline. Your change (${change}) was not saved; add it again if you still have it.`,
      };
    }
    case "overwrote":
      return {
        title: `${outcome.name} was also changed on another device`,
        description: `While you were offline someone changed its ${outcome.fields.map((f) => FIELD_NAMES[f]).join(", ")} too: yours replaced theirs.`,
      };
    case "kept":
      return {
        title: `${outcome.name} was not deleted`,
        description: "It was changed on another device while you were offline, so it was kept: delete it again if it should go.",
      };
    case "refused":
      return { title: `${outcome.name} was not saved`, description: outcome.message };
  }
}
