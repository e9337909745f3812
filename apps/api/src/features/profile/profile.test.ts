import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../testing/test-app";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, { email: "eve@example.com", firstName: "Eve" });
  await signUp(t.app, { email: "taken@example.com" });
});
afterAll(() => t.close());

const patch = (payload: object, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: "PATCH", url: "/api/user/profile", payload, headers });

describe("PATCH /api/user/profile", () => {
  it("updates names, email and avatar, and the current user shows them", async () => {
    const res = await patch({ firstName: "Evelyn", lastName: "Stone", email: "Evelyn@Example.com", profileImageUrl: "Ice Cream" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Evelyn", lastName: "Stone", email: "evelyn@example.com", profileImageUrl: "Ice Cream" });
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: "Evelyn", email: "evelyn@example.com", profileImageUrl: "Ice Cream" });
  });

  it("accepts an https image URL and changes only the fields sent", async () => {
    const res = await patch({ profileImageUrl: "https://images.example/me.png" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Evelyn", profileImageUrl: "https://images.example/me.png" });
  });

  it("answers 409 when the email belongs to another account, and changes nothing", async () => {
    const res = await patch({ email: "TAKEN@example.com", firstName: "Changed" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", message: "That email is already used by another account" });
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: "Evelyn", email: "evelyn@example.com" });
  });

  it("answers 400 for an unknown avatar, a non-https image, a bad email or a long name", async () => {
    for (const payload of [
      { profileImageUrl: "Dragon" },
      { profileImageUrl: "http://images.example/me.png" },
      { profileImageUrl: "javascript:alert(1)" },
      { email: "nope" },
      { lastName: "x".repeat(101) },
    ]) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("BAD_REQUEST");
    }
  });

  it("cannot change role, plan or Pro access", async () => {
    const res = await patch({ firstName: "Eve", role: "admin", isPro: true, plan: "pro" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: "user", isPro: false, plan: "none", hasProAccess: false });
  });

  it("answers 401 when signed out", async () => {
    const res = await patch({ firstName: "x" }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Unauthorized");
  });
});
