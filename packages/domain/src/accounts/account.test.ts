import { describe, expect, it } from "vitest";
import { roleSchema } from "./account";

describe("roles", () => {
  it("lists the roles the app knows", () => {
    expect(roleSchema.options).toEqual(["user", "admin"]);
  });

  it("names the allowed values when one is wrong", () => {
    expect(roleSchema.safeParse("owner").error?.issues[0]?.message).toBe("Role must be one of user, admin");
  });
});
