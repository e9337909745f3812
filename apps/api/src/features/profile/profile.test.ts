import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, freshAddress, type TestApp } from "../../testing/test-app";
import { EMAIL_TAKEN } from "./service";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: "PATCH", url: "/api/user/profile", payload, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) => (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();

describe("PATCH /api/user/profile", () => {
  it("updates names, email and avatar, and the current user shows them", async () => {
    const { cookie } = await createUser(t, { firstName: "Eve" });
    const res = await patch(cookie, { firstName: "Evelyn", lastName: "Stone", email: "Evelyn@Example.com", profileImageUrl: "Ice Cream" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Evelyn", lastName: "Stone", email: "evelyn@example.com", profileImageUrl: "Ice Cream" });
    expect(await me(cookie)).toMatchObject({ firstName: "Evelyn", email: "evelyn@example.com", profileImageUrl: "Ice Cream" });
  });

  it("changes only the fields sent", async () => {
    const { cookie } = await createUser(t, { firstName: "Fay" });
    const res = await patch(cookie, { profileImageUrl: "Cat" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Fay", profileImageUrl: "Cat" });
  });

  it("refuses an image from another site with 400 (the admin's browser would load it: a tracking pixel)", async () => {
    const { cookie } = await createUser(t, { firstName: "Pix" });
    for (const profileImageUrl of ["https://tracker.example/pixel.gif?u=1", "https://images.example/me.png", "//tracker.example/p.gif"]) {
      const res = await patch(cookie, { profileImageUrl });
      expect(res.statusCode, profileImageUrl).toBe(400);
      expect(res.json().message).toMatch(/^Profile image must be one of the avatar names/);
    }
    expect(await me(cookie)).toMatchObject({ firstName: "Pix", profileImageUrl: "User" });
  });

  it("answers 409 when the email belongs to another account, and changes nothing", async () => {
    const { cookie, email } = await createUser(t, { firstName: "Gus" });
    await createUser(t, { email: "taken@example.com" });
    const res = await patch(cookie, { email: "TAKEN@example.com", firstName: "Changed" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", message: "That email is already used by another account" });
    expect(await me(cookie)).toMatchObject({ firstName: "Gus", email });
  });

  it("answers 409 for an address a household invitation still waits for, so a leaked link can't be taken to it", async () => {
    const owner = await createUser(t);
    const invited = `newcook-${randomUUID()}@example.com`;
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/household/invites",
      payload: { email: invited },
      headers: { cookie: owner.cookie },
    });
    expect(sent.statusCode).toBe(201);
    const { cookie, email } = await createUser(t, { firstName: "Mal" });
    const res = await patch(cookie, { email: invited.toUpperCase() });
    expect([res.statusCode, res.json().message]).toEqual([409, EMAIL_TAKEN]);
    expect(await me(cookie)).toMatchObject({ email });
    // Once the invitation is over, the address is free like any other.
    await t.deps.db.updateTable("householdInvites").set({ expiresAt: new Date() }).where("email", "=", invited).execute();
    expect((await patch(cookie, { email: invited })).statusCode).toBe(200);
  });

  it("answers 400 for an unknown avatar, a non-https image, a bad email or a long name", async () => {
    const { cookie } = await createUser(t);
    for (const payload of [
      { profileImageUrl: "Dragon" },
      { profileImageUrl: "http://images.example/me.png" },
      { profileImageUrl: "javascript:alert(1)" },
      { email: "nope" },
      { lastName: "x".repeat(101) },
    ]) {
      const res = await patch(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("BAD_REQUEST");
    }
  });

  it("answers 400 naming the field for text PostgreSQL can't store (NUL), and keeps odd Unicode as written", async () => {
    const { cookie } = await createUser(t, { firstName: "Hal" });
    for (const [field, payload] of [
      ["First name", { firstName: "Hal\u0000" }],
      ["Last name", { lastName: "\u0000" }],
      ["Profile image", { profileImageUrl: "Cat\u0000" }],
      ["Email", { email: "hal\u0000@example.com" }],
    ] as const) {
      const res = await patch(cookie, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toMatch(new RegExp(`^${field}`, "i"));
    }
    expect(await me(cookie)).toMatchObject({ firstName: "Hal", lastName: null });
    const odd = { firstName: "Zoë 🍋 李", lastName: "שלום\u200f" };
    expect((await patch(cookie, odd)).json()).toMatchObject(odd);
  });

  it("ends an outstanding reset link when the email changes, and tells the old address", async () => {
    const { cookie, email } = await createUser(t, { password: "ivy's old password" });
    const request = await t.app.inject({
      method: "POST",
      url: "/api/password-reset/request",
      remoteAddress: freshAddress(),
      payload: { email },
    });
    expect(request.statusCode).toBe(200);
    await t.app.mailSender.runOnce();
    const token = t.mails
      .filter((m) => m.includes(`mail to ${email} `))
      .at(-1)
      ?.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const newEmail = `new-${email}`;
    expect((await patch(cookie, { email: newEmail })).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/password-reset/confirm",
      payload: { token, newPassword: "taken over pw" },
    });
    expect(reset.statusCode).toBe(400);
    await t.app.mailSender.runOnce();
    const notice = t.mails.filter((m) => m.includes(`mail to ${email} `)).at(-1);
    expect(notice).toContain(`changed to ${newEmail}`);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress: freshAddress(),
      payload: { email: newEmail, password: "ivy's old password" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("keeps an outstanding reset link when the email stays the same", async () => {
    const { cookie, email } = await createUser(t, { password: "jo's old password" });
    await t.app.inject({ method: "POST", url: "/api/password-reset/request", remoteAddress: freshAddress(), payload: { email } });
    await t.app.mailSender.runOnce();
    const token = t.mails
      .filter((m) => m.includes(`mail to ${email} `))
      .at(-1)
      ?.match(/token=([\w-]+)/)?.[1];
    expect((await patch(cookie, { email: email.toUpperCase(), firstName: "Jo" })).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/password-reset/confirm",
      payload: { token, newPassword: "jo's new password" },
    });
    expect(reset.statusCode).toBe(200);
  });

  it("changes nothing, updatedAt included, for an empty update", async () => {
    const { cookie, updatedAt } = await createUser(t, { firstName: "Kit" });
    const res = await patch(cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Kit", updatedAt: updatedAt.toISOString() });
  });

  it("cannot change role, plan or Pro access", async () => {
    const { cookie } = await createUser(t);
    const res = await patch(cookie, { firstName: "Eve", role: "admin", isPro: true, plan: "pro" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: "user", isPro: false, plan: "none", hasProAccess: false });
  });

  it("answers 401 when signed out", async () => {
    const res = await patch(undefined, { firstName: "x" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Unauthorized");
  });
});
