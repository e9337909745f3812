import { describe, expect, it } from "vitest";
import { AVATARS, avatarName, CATEGORIES, CUISINES, UNITS } from "./enums";

describe("enumerations", () => {
  it("lists the spec's values", () => {
    expect(CATEGORIES).toHaveLength(9);
    expect(UNITS).toContain("L");
    expect(CUISINES.at(-1)).toBe("Other");
    expect(AVATARS).toHaveLength(21);
  });

  it("falls back to the User avatar for unknown names", () => {
    expect(avatarName("Cat")).toBe("Cat");
    expect(avatarName("Ice Cream")).toBe("Ice Cream");
    expect(avatarName("Dragon")).toBe("User");
    expect(avatarName(null)).toBe("User");
  });
});
