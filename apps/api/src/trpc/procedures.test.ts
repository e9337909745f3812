import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../testing/test-app";
import { innerContext } from "./context";
import { adminProcedure, authedProcedure, createCallerFactory, proProcedure, router } from "./init";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Procedures of each kind, as features declare them, called without HTTP through an inner context.
const guarded = router({
  mine: authedProcedure.query(({ ctx }) => ctx.user.email),
  pro: proProcedure.query(() => "pro answer"),
  admin: adminProcedure.query(() => "admin answer"),
});
const callAs = async (fields: Parameters<typeof createUser>[1] | null) => {
  const user = fields ? await createUser(t, fields) : null;
  return createCallerFactory(guarded)(innerContext({ config: t.deps.config, db: t.deps.db, user }));
};

describe("procedure guards", () => {
  it("answer 401 Unauthorized to a signed-out caller", async () => {
    const caller = await callAs(null);
    for (const call of [caller.mine, caller.pro, caller.admin]) {
      await expect(call()).rejects.toMatchObject({ code: "UNAUTHORIZED", message: "Unauthorized" });
    }
  });

  it("answer 403 to Pro procedures for users without Pro access, and serve Pro users, beta testers and admins", async () => {
    await expect((await callAs({})).pro()).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("Pro feature") });
    await expect((await callAs({ plan: "basic" })).pro()).rejects.toMatchObject({ code: "FORBIDDEN" });
    for (const fields of [{ isPro: true }, { isBetaTester: true }, { role: "admin" as const }]) {
      expect(await (await callAs(fields)).pro(), JSON.stringify(fields)).toBe("pro answer");
    }
  });

  it("answer 403 to admin procedures for everyone but admins, Pro and beta testers included", async () => {
    for (const fields of [{}, { isPro: true }, { isBetaTester: true }]) {
      await expect((await callAs(fields)).admin(), JSON.stringify(fields)).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: "Admins only",
      });
    }
    expect(await (await callAs({ role: "admin" })).admin()).toBe("admin answer");
  });

  it("see the signed-in user the context carries", async () => {
    const user = await createUser(t, { email: "guarded@example.com" });
    const caller = createCallerFactory(guarded)(innerContext({ config: t.deps.config, db: t.deps.db, user }));
    expect(await caller.mine()).toBe("guarded@example.com");
  });
});
