import { describe, expect, it } from "vitest";
import { loginInput, passwordResetConfirmInput, profileInput, signupInput } from "./auth";

describe("auth schemas", () => {
  it("trims and lower-cases the email; blank names become null", () => {
    expect(signupInput.parse({ email: "  Ann@Example.COM ", password: "12345678", firstName: " Ann ", lastName: "" })).toEqual({
      email: "ann@example.com",
      password: "12345678",
      firstName: "Ann",
      lastName: null,
    });
  });

  it("rejects a short or overlong password with the spec's message", () => {
    const short = signupInput.safeParse({ email: "a@b.co", password: "1234567" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 8 characters");
    expect(signupInput.safeParse({ email: "a@b.co", password: "x".repeat(257) }).success).toBe(false);
    expect(signupInput.safeParse({ email: "a@b.co", password: "x".repeat(256) }).success).toBe(true);
  });

  it("rejects bad emails and overlong names", () => {
    expect(loginInput.safeParse({ email: "nope", password: "x" }).error?.issues[0]?.message).toBe("Enter a valid email address");
    expect(signupInput.safeParse({ email: "a@b.co", password: "12345678", firstName: "x".repeat(101) }).success).toBe(false);
  });

  it("refuses line breaks and control characters in names (they reach mail subjects), and takes invisible ones alone as blank", () => {
    const signup = (firstName: string) => signupInput.safeParse({ email: "a@b.co", password: "12345678", firstName });
    expect(signup("A\r\nBcc: x@example.com").error?.issues[0]?.message).toBe(
      "First name can't contain line breaks or other control characters",
    );
    expect(signup("Ann\u001b[31m").success).toBe(false);
    expect(signup("\u200b\u200b").data?.firstName).toBeNull();
    expect(signup("Zoë").data?.firstName).toBe("Zoë");
  });

  it("refuses Unicode line separators and bidi overrides, embeddings and isolates in names; keeps marks, joiners and direction marks", () => {
    const signup = (firstName: string) => signupInput.safeParse({ email: "a@b.co", password: "12345678", firstName });
    for (const name of [
      "a\u2028b",
      "a\u2029b",
      "Ann \u202Egnp.exe",
      "\u202Aann\u202C",
      "\u202Bann",
      "\u202Dann",
      "a\u2066b\u2069",
      "\u2067ann",
      "\u2068ann",
    ]) {
      expect(signup(name).error?.issues[0]?.message, JSON.stringify(name)).toBe(
        "First name can't contain line breaks or other control characters",
      );
    }
    for (const name of [
      "Zoe\u0308",
      "\u{1F469}\u200D\u{1F373} Ann",
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
      "\u05D3\u05E0\u05D4\u200F 2",
      "\u0639\u0644\u064A\u061C 2",
    ]) {
      expect(signup(name).data?.firstName, JSON.stringify(name)).toBe(name);
    }
  });

  it("needs a token to reset", () => {
    expect(passwordResetConfirmInput.safeParse({ token: "", newPassword: "12345678" }).success).toBe(false);
  });

  it("accepts Kim's own avatar names only, no image from elsewhere", () => {
    expect(profileInput.safeParse({ profileImageUrl: "Ice Cream" }).success).toBe(true);
    expect(profileInput.safeParse({ profileImageUrl: "https://cdn.example/me.png" }).success).toBe(false);
    expect(profileInput.safeParse({ profileImageUrl: "http://cdn.example/me.png" }).success).toBe(false);
    expect(profileInput.safeParse({ profileImageUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(profileInput.safeParse({ profileImageUrl: "Dragon" }).success).toBe(false);
  });
});
