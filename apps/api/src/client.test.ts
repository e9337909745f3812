import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whoami } from "../examples/whoami";
import { createKimClient } from "./client";
import { createTestApp, signUp, type TestApp } from "./testing/test-app";

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await signUp(t.app, { email: "script@example.com", password: "script password" });
});
afterAll(() => t.close());

describe("@kim/api/client", () => {
  it("runs the README example against a live server", async () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("../examples/whoami.ts", import.meta.url), "utf8");
    expect(readme).toContain(example.trim());
    expect(await whoami(url, "script@example.com", "script password")).toBe("script@example.com (user, Pro access: false)");
  });

  it("calls procedures as the signed-in user", async () => {
    const kim = await createKimClient({ url, email: "script@example.com", password: "script password" });
    const updated = await kim.profile.update.mutate({ firstName: "Scripted" });
    expect(updated.firstName).toBe("Scripted");
    expect((await kim.auth.user.query()).firstName).toBe("Scripted");
  });

  it("says why signing in failed", async () => {
    await expect(createKimClient({ url, email: "script@example.com", password: "wrong password" })).rejects.toThrow(
      "Sign-in failed (401): Invalid email or password",
    );
  });
});
