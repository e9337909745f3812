import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, profileInput, signupInput } from "../accounts/auth";
import { ingredientInput, ingredientUpdate } from "../inventory/inventory-input";
import { recipeIngredientSchema } from "../recipes/recipe-input";
import { shoppingItemSchema } from "../shopping/shopping-input";
import * as domain from "../index";
import { EXCERPT_CHARACTERS, excerpt, storableText } from "./text";

const NUL = "\u0000";
// Half of 🍮: PostgreSQL's jsonb refuses it, and text would turn it into U+FFFD.
const LONE_SURROGATE = "\uD83C";
const UNICODE = "Crème brûlée 🍮 牛乳 חלב حليب";

describe("excerpt", () => {
  it("keeps short text as it is, storable", () => {
    expect(excerpt("Milk")).toBe("Milk");
    expect(excerpt("m".repeat(EXCERPT_CHARACTERS))).toBe("m".repeat(EXCERPT_CHARACTERS));
    expect(excerpt(`Milk${NUL}`)).toBe("Milk\uFFFD");
  });

  it("cuts long text to the bound with an ellipsis, and an excerpt's excerpt is itself", () => {
    const cut = excerpt("m".repeat(1_000_000));
    expect(cut).toBe(`${"m".repeat(EXCERPT_CHARACTERS - 1)}…`);
    expect(excerpt(cut)).toBe(cut);
    expect(excerpt("abcdef", 4)).toBe("abc…");
  });

  it("never cuts an emoji in two", () => {
    const cut = excerpt(`${"m".repeat(EXCERPT_CHARACTERS - 2)}🍮🍮`);
    expect(cut).toBe(`${"m".repeat(EXCERPT_CHARACTERS - 2)}…`);
    expect(storableText("Name").safeParse(cut).success).toBe(true);
  });
});

describe("storable text", () => {
  const name = storableText("Name");

  it("names the field when the value is missing or not a string", () => {
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe("Name is required");
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("Name must be text");
  });

  it.each([
    ["NUL", `Milk${NUL}`],
    ["NUL alone", NUL],
    ["a lone high surrogate", `Milk${LONE_SURROGATE}`],
    ["a lone low surrogate", "\uDF6E Milk"],
    ["surrogates in the wrong order", "\uDF6E\uD83C"],
  ])("refuses %s with a message naming the field", (_, value) => {
    expect(name.safeParse(value).error?.issues).toEqual([
      expect.objectContaining({ code: "custom", message: "Name contains a character that can't be saved" }),
    ]);
  });

  it("accepts accents, emoji, CJK and right-to-left text as they are", () => {
    for (const value of [UNICODE, "🍮", "👩‍🍳", "e\u0301", "\uFFFD", "tab\tand\nnewline"]) {
      expect(name.parse(value)).toBe(value);
    }
  });
});

interface FieldCase {
  /** schema.field, for the test's title */
  where: string;
  schema: z.ZodType;
  base: Record<string, unknown>;
  field: string;
  label: string;
  /** A value the field accepts, written with characters from beyond ASCII where the field allows them. */
  good: string;
}

const signup = { email: "ann@example.com", password: "12345678" };
const ingredient = { name: "Milk", quantity: 1, unit: "L", category: "Dairy" };
const recipeLine = { name: "Milk", quantity: 1, unit: "cup" };
const shoppingLine = { name: "Milk", quantity: 1, unit: "L" };

const fields: FieldCase[] = [
  { where: "signupInput.email", schema: signupInput, base: signup, field: "email", label: "Email", good: "ann@example.com" },
  { where: "signupInput.password", schema: signupInput, base: signup, field: "password", label: "Password", good: `pässwörd ${UNICODE}` },
  { where: "signupInput.firstName", schema: signupInput, base: signup, field: "firstName", label: "First name", good: UNICODE },
  { where: "signupInput.lastName", schema: signupInput, base: signup, field: "lastName", label: "Last name", good: UNICODE },
  { where: "loginInput.email", schema: loginInput, base: signup, field: "email", label: "Email", good: "ann@example.com" },
  { where: "loginInput.password", schema: loginInput, base: signup, field: "password", label: "Password", good: UNICODE },
  {
    where: "passwordResetRequestInput.email",
    schema: passwordResetRequestInput,
    base: {},
    field: "email",
    label: "Email",
    good: "ann@example.com",
  },
  {
    where: "passwordResetConfirmInput.token",
    schema: passwordResetConfirmInput,
    base: { token: "abc", newPassword: "12345678" },
    field: "token",
    label: "Reset token",
    good: "3f9a0c",
  },
  {
    where: "passwordResetConfirmInput.newPassword",
    schema: passwordResetConfirmInput,
    base: { token: "abc" },
    field: "newPassword",
    label: "Password",
    good: UNICODE,
  },
  { where: "profileInput.email", schema: profileInput, base: {}, field: "email", label: "Email", good: "ann@example.com" },
  { where: "profileInput.firstName", schema: profileInput, base: {}, field: "firstName", label: "First name", good: UNICODE },
  { where: "profileInput.lastName", schema: profileInput, base: {}, field: "lastName", label: "Last name", good: UNICODE },
  {
    where: "profileInput.profileImageUrl",
    schema: profileInput,
    base: {},
    field: "profileImageUrl",
    label: "Profile image",
    // Avatars are names from Kim's own set (decision 0026).
    good: "Ice Cream",
  },
  { where: "ingredientInput.name", schema: ingredientInput, base: ingredient, field: "name", label: "Name", good: UNICODE },
  { where: "ingredientInput.notes", schema: ingredientInput, base: ingredient, field: "notes", label: "Notes", good: UNICODE },
  {
    where: "ingredientInput.expirationDate",
    schema: ingredientInput,
    base: ingredient,
    field: "expirationDate",
    label: "Expiration date",
    good: "2026-12-01",
  },
  { where: "ingredientUpdate.name", schema: ingredientUpdate, base: {}, field: "name", label: "Name", good: UNICODE },
  { where: "ingredientUpdate.notes", schema: ingredientUpdate, base: {}, field: "notes", label: "Notes", good: UNICODE },
  {
    where: "recipeIngredientSchema.name",
    schema: recipeIngredientSchema,
    base: recipeLine,
    field: "name",
    label: "Ingredient name",
    good: UNICODE,
  },
  {
    where: "recipeIngredientSchema.quantity",
    schema: recipeIngredientSchema,
    base: recipeLine,
    field: "quantity",
    label: "Quantity",
    good: "½ 🍮",
  },
  { where: "recipeIngredientSchema.unit", schema: recipeIngredientSchema, base: recipeLine, field: "unit", label: "Unit", good: "杯" },
  {
    where: "recipeIngredientSchema.original",
    schema: recipeIngredientSchema,
    base: recipeLine,
    field: "original",
    label: "Original line",
    good: `1 cup ${UNICODE}`,
  },
  { where: "shoppingItemSchema.name", schema: shoppingItemSchema, base: shoppingLine, field: "name", label: "Item name", good: UNICODE },
  { where: "shoppingItemSchema.unit", schema: shoppingItemSchema, base: shoppingLine, field: "unit", label: "Unit", good: "杯" },
];

describe("every string field of every input schema", () => {
  it.each(fields.flatMap((c) => [NUL, LONE_SURROGATE].map((bad) => ({ ...c, bad, badName: bad === NUL ? "NUL" : "a lone surrogate" }))))(
    "$where refuses $badName with a message naming the field",
    ({ schema, base, field, label, good, bad }) => {
      const result = schema.safeParse({ ...base, [field]: `${good}${bad}` });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: [field], message: `${label} contains a character that can't be saved` });
    },
  );

  it.each(fields)("$where accepts Unicode", ({ schema, base, field, good }) => {
    const result = schema.safeParse({ ...base, [field]: good });
    expect(result.error).toBeUndefined();
    expect((result.data as Record<string, unknown>)[field]).toBe(good);
  });
});

/** Every string schema reachable from `schema`, with where it sits. A pipe is followed into its input only. */
function stringLeaves(schema: z.core.$ZodType, where: string): [string, z.ZodString][] {
  if (schema instanceof z.ZodString) return [[where, schema]];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape).flatMap(([key, value]) => stringLeaves(value, `${where}.${key}`));
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return stringLeaves(schema.unwrap(), where);
  }
  if (schema instanceof z.ZodPipe) return stringLeaves(schema.in, where);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => stringLeaves(option, where));
  if (schema instanceof z.ZodArray) return stringLeaves(schema.element, `${where}[]`);
  return [];
}

describe("the domain's schemas", () => {
  const exported: Record<string, unknown> = domain;
  const leaves = Object.entries(exported)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .flatMap(([name, schema]) => stringLeaves(schema, name));

  it("are walked down to their nested string fields", () => {
    expect(leaves.map(([where]) => where)).toEqual(expect.arrayContaining(["signupInput.email", "recipeIngredientSchema.quantity"]));
  });

  it("start every string field with storableText, so none lets NUL through", () => {
    const unguarded = leaves.filter(([, leaf]) => leaf.safeParse(`x${NUL}`).error?.issues[0]?.message.endsWith("can't be saved") !== true);
    expect(unguarded.map(([where]) => where)).toEqual([]);
  });
});
