import type { InjectOptions } from "fastify";
import argon2 from "argon2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config";
import { memoryExchange } from "../../lib/exchange";
import { callerFor, createTestApp, createUser, freshAddress, sessionCookie, signUp, type TestApp } from "../../testing/test-app";

let t: TestApp;
/** Every body the API answered in this file, checked for secrets at the end. */
const bodies: string[] = [];
const secrets: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function call(options: InjectOptions) {
  const res = await t.app.inject({ remoteAddress: freshAddress(), ...options });
  // set-cookie carries the session token by design; everything else must not.
  const { "set-cookie": _cookie, ...headers } = res.headers;
  bodies.push(res.body, JSON.stringify(headers));
  return res;
}

function mailedToken(email: string): string {
  const mail = t.mails.filter((m) => m.includes(`mail to ${email} `)).at(-1);
  const token = mail?.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset mail for ${email}`);
  secrets.push(token);
  return token;
}

async function requestReset(email: string): Promise<string> {
  const res = await call({ method: "POST", url: "/api/password-reset/request", payload: { email } });
  expect(res.statusCode).toBe(200);
  await t.app.mailSender.runOnce();
  return mailedToken(email);
}

describe("signup", () => {
  it("creates the user, starts a session and answers the user without secrets", async () => {
    secrets.push("first secret pw");
    const res = await call({
      method: "POST",
      url: "/api/signup",
      payload: { email: "  Ann@Example.com ", password: "first secret pw", firstName: "Ann", lastName: "Lee" },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: "ann@example.com",
      firstName: "Ann",
      lastName: "Lee",
      role: "user",
      plan: "none",
      isPro: false,
      hasProAccess: false,
      isAdmin: false,
      profileImageUrl: "User",
    });
    expect(Object.keys(user)).not.toContain("password");
    expect(Object.keys(user)).not.toContain("passwordResetToken");
    expect(Object.keys(user)).not.toContain("inventoryVersion");

    const cookie = res.cookies.find((c) => c.name === "kim_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    secrets.push(cookie!.value);

    const me = await call({ method: "GET", url: "/api/auth/user", headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("ann@example.com");
    expect(Object.keys(me.json())).not.toContain("inventoryVersion");
    // The session's lookup also reads its household's list versions (decision 0043): not part of the user.
    expect(Object.keys(me.json())).not.toContain("listVersions");
  });

  it("answers 409 for an email already taken, whatever its case", async () => {
    const res = await call({ method: "POST", url: "/api/signup", payload: { email: "ANN@example.com", password: "another pw 1" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", message: "An account with this email already exists" });
  });

  it("answers 400 with the spec's message for a short password, and creates nothing", async () => {
    const res = await call({ method: "POST", url: "/api/signup", payload: { email: "short@example.com", password: "1234567" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "BAD_REQUEST", message: "Password must be at least 8 characters" });
    expect(res.json().issues[0].path).toBe("password");
    const row = await t.deps.db.selectFrom("users").select("id").where("email", "=", "short@example.com").executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("answers 400 for a bad email, a long name and malformed JSON", async () => {
    const email = await call({ method: "POST", url: "/api/signup", payload: { email: "not-an-email", password: "12345678" } });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe("Enter a valid email address");
    const name = await call({
      method: "POST",
      url: "/api/signup",
      payload: { email: "n@example.com", password: "12345678", firstName: "x".repeat(101) },
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe("First name must be at most 100 characters");
    const malformed = await call({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/json" },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("BAD_REQUEST");
  });

  it("marks the cookie Secure when Kim is served over https", async () => {
    const secure = await createTestApp({ appUrl: "https://kim.example" });
    try {
      const res = await secure.app.inject({
        method: "POST",
        url: "/api/signup",
        payload: { email: "s@example.com", password: "12345678" },
      });
      expect(res.cookies.find((c) => c.name === "kim_session")?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe("login and logout", () => {
  const email = "bob@example.com";
  const password = "bob's password";
  let firstCookie: string;

  beforeAll(async () => {
    secrets.push(password);
    firstCookie = await signUp(t.app, { email, password, firstName: "Bob" });
  });

  it("answers the same 401 for a wrong password and an unknown email, after the same work", async () => {
    // argon2's own verify, watched (it still runs): each login's verifications, by the parameters of the hash checked.
    const verify = vi.spyOn(argon2, "verify");
    const work = async (payload: object) => {
      verify.mockClear();
      const res = await call({ method: "POST", url: "/api/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: "UNAUTHORIZED", message: "Invalid email or password" });
      return verify.mock.calls.map(([hash]) => hash.slice(0, hash.lastIndexOf("$", hash.lastIndexOf("$") - 1)));
    };
    try {
      const wrong = await work({ email, password: "wrong password" });
      // One argon2id verification at the account's cost, the configured one (memory, passes, lanes): the time a
      // failed login takes.
      const { memoryCost, timeCost } = t.deps.config.passwordHashing;
      expect(wrong).toEqual([expect.stringMatching(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=\\d+$`))]);
      // An unknown email verifies against a dummy hash of the same cost; without it, it would answer in a millisecond.
      expect(await work({ email: "nobody@example.com", password: "wrong password" })).toEqual(wrong);
    } finally {
      verify.mockRestore();
    }
  });

  it("starts a new session and ends the old one", async () => {
    const res = await call({
      method: "POST",
      url: "/api/login",
      payload: { email: "BOB@example.com", password },
      headers: { cookie: firstCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, firstName: "Bob" });
    const newCookie = sessionCookie(res);
    expect(newCookie).not.toBe(firstCookie);
    expect((await call({ method: "GET", url: "/api/auth/user", headers: { cookie: firstCookie } })).statusCode).toBe(401);
    expect((await call({ method: "GET", url: "/api/auth/user", headers: { cookie: newCookie } })).statusCode).toBe(200);

    const out = await call({ method: "POST", url: "/api/logout", payload: {}, headers: { cookie: newCookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "kim_session")?.value).toBe("");
    const after = await call({ method: "GET", url: "/api/auth/user", headers: { cookie: newCookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe("Unauthorized");
  });

  it("works the same through tRPC", async () => {
    const res = await call({ method: "POST", url: "/trpc/auth.login", payload: { email, password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.email).toBe(email);
    const bad = await call({ method: "POST", url: "/trpc/auth.login", payload: { email, password: "nope nope" } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe("Invalid email or password");
  });

  it("renews a session in use, in the database and in the browser's cookie", async () => {
    const cookie = await signUp(t.app, { email: "renew@example.com" });
    const user = await t.deps.db.selectFrom("users").select("id").where("email", "=", "renew@example.com").executeTakeFirstOrThrow();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    await t.deps.db
      .updateTable("sessions")
      .set({ expire: inDays(20) })
      .where("userId", "=", user.id)
      .execute();
    const res = await call({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(`kim_session=${res.cookies.find((c) => c.name === "kim_session")?.value}`).toBe(cookie);
    expect(res.cookies.find((c) => c.name === "kim_session")?.maxAge).toBe(30 * 24 * 60 * 60);
    const session = await t.deps.db.selectFrom("sessions").select("expire").where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(session.expire.getTime()).toBeGreaterThan(inDays(29.9).getTime());
    const fresh = await call({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(fresh.cookies.find((c) => c.name === "kim_session")).toBeUndefined();
  });

  it("ignores an expired session", async () => {
    const cookie = await signUp(t.app, { email: "old@example.com" });
    const user = await t.deps.db.selectFrom("users").select("id").where("email", "=", "old@example.com").executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable("sessions")
      .set({ expire: new Date(Date.now() - 1000) })
      .where("userId", "=", user.id)
      .execute();
    expect((await call({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
  });
});

describe("password reset", () => {
  const email = "cat@example.com";
  let cookie: string;

  beforeAll(async () => {
    secrets.push("cat's first pw");
    cookie = await signUp(t.app, { email, password: "cat's first pw" });
  });

  it("answers the same for known and unknown emails and mails only the account", async () => {
    const known = await call({ method: "POST", url: "/api/password-reset/request", payload: { email } });
    const unknown = await call({ method: "POST", url: "/api/password-reset/request", payload: { email: "ghost@example.com" } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe("If an account exists with that email, we've sent password reset instructions.");
    await t.app.mailSender.runOnce();
    expect(t.mails.some((m) => m.includes("mail to ghost@example.com"))).toBe(false);
    const mail = t.mails.filter((m) => m.includes(`mail to ${email} `)).at(-1);
    expect(mail).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    mailedToken(email);
  });

  it("limits the mails sent, not the owner: a stranger's requests leave the owner's answered like any other", async () => {
    const owner = "owner-reset@example.com";
    secrets.push("owner's first pw");
    await signUp(t.app, { email: owner, password: "owner's first pw" });
    const ask = () => call({ method: "POST", url: "/api/password-reset/request", payload: { email: owner } });
    const unknown = await call({ method: "POST", url: "/api/password-reset/request", payload: { email: "nobody-here@example.com" } });
    // A stranger asks eight times, from eight addresses.
    for (let i = 0; i < 8; i++) {
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(unknown.body);
    }
    await t.app.mailSender.runOnce();
    const mailsToOwner = () => t.mails.filter((m) => m.includes(`mail to ${owner} `)).length;
    expect(mailsToOwner()).toBe(5);
    const mailedTokens = t.mails
      .filter((m) => m.includes(`mail to ${owner} `))
      .map((m) => m.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)![1]!);
    secrets.push(...mailedTokens);

    const own = await ask();
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(unknown.body);
    await t.app.mailSender.runOnce();
    expect(mailsToOwner()).toBe(5);
    // The requests past the limit changed nothing: the newest mailed link still works.
    const answers = [];
    for (const token of mailedTokens) {
      const res = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { token, newPassword: "owner's new pw" } });
      answers.push(res.statusCode);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
  });

  it("does the same database work for a known and an unknown email, so the answer's time can't tell them apart", async () => {
    const statements: string[] = [];
    const counted = t.deps.db.withPlugin({
      transformQuery: ({ node }) => (statements.push(node.kind), node),
      transformResult: async ({ result }) => result,
    });
    const work = async (address: string) => {
      statements.length = 0;
      const { caller } = callerFor(t, null, { db: counted, http: { ...memoryExchange(), ip: freshAddress() } });
      await caller.auth.requestPasswordReset({ email: address });
      return [...statements];
    };
    const known = await work(email);
    expect(known.length).toBeGreaterThan(0);
    expect(await work("ghost-timing@example.com")).toEqual(known);
    await t.app.mailSender.runOnce();
    expect(t.mails.some((m) => m.includes("mail to ghost-timing@example.com"))).toBe(false);
    mailedToken(email);
  });

  it("stores only a hash of the token, valid for an hour", async () => {
    const token = await requestReset(email);
    const row = await t.deps.db
      .selectFrom("users")
      .select(["passwordResetToken", "passwordResetExpires"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    secrets.push(row.passwordResetToken!);
    expect(row.passwordResetToken).not.toContain(token);
    const minutes = (row.passwordResetExpires!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("sets the new password once, ends every session, and refuses the token after", async () => {
    const token = await requestReset(email);
    secrets.push("cat's new password");
    const res = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { token, newPassword: "cat's new password" } });
    expect(res.statusCode).toBe(200);
    expect((await call({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);

    const old = await call({ method: "POST", url: "/api/login", payload: { email, password: "cat's first pw" } });
    expect(old.statusCode).toBe(401);
    const fresh = await call({ method: "POST", url: "/api/login", payload: { email, password: "cat's new password" } });
    expect(fresh.statusCode).toBe(200);

    const again = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { token, newPassword: "yet another pw" } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This password reset link is invalid, expired or already used. Please request a new one.");
  });

  it("keeps the token out of the logs when the reset link is opened", async () => {
    const token = await requestReset(email);
    await call({ method: "GET", url: `/reset-password?token=${token}` });
    expect(t.logs.join("")).toContain("/reset-password?token=[redacted]");
  });

  it("refuses expired and garbage tokens with 400, and a short new password with the spec's message", async () => {
    const token = await requestReset(email);
    const short = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { token, newPassword: "short" } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 8 characters");

    await t.deps.db
      .updateTable("users")
      .set({ passwordResetExpires: new Date(Date.now() - 1000) })
      .where("email", "=", email)
      .execute();
    const expired = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { token, newPassword: "long enough pw" } });
    expect(expired.statusCode).toBe(400);
    for (const garbage of ["nope", "x".repeat(200), "../../etc/passwd"]) {
      const res = await call({
        method: "POST",
        url: "/api/password-reset/confirm",
        payload: { token: garbage, newPassword: "long enough pw" },
      });
      expect(res.statusCode).toBe(400);
    }
    const missing = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { newPassword: "long enough pw" } });
    expect(missing.statusCode).toBe(400);
  });
  it("hashes no password for a token no account holds, and limits tries per address", async () => {
    // argon2's own hash, watched (it still runs): a made-up token must not cost one.
    const hash = vi.spyOn(argon2, "hash");
    const remoteAddress = freshAddress();
    const guess = (i: number) =>
      call({
        method: "POST",
        url: "/api/password-reset/confirm",
        remoteAddress,
        payload: { token: `${"y".repeat(42)}${i}`, newPassword: "whatever-123" },
      });
    try {
      for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(400);
      expect(hash).not.toHaveBeenCalled();
      const refused = await guess(10);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many password reset attempts\. Try again in/);
      // A live token from another address still works, and is hashed once.
      const { email: other } = await createUser(t);
      const token = await requestReset(other);
      const res = await call({ method: "POST", url: "/api/password-reset/confirm", payload: { token, newPassword: "dee's first pw" } });
      expect(res.statusCode).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });
});

describe("rate limits", () => {
  const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    call({ method: "POST", url: "/api/login", remoteAddress, payload: { email, password }, ...(cookie ? { headers: { cookie } } : {}) });
  const deviceCookie = (res: { cookies: { name: string; value: string }[] }) =>
    `kim_device=${res.cookies.find((c) => c.name === "kim_device")?.value}`;

  it("tries at most 5 of 30 wrong passwords sent at once for one account from one address", async () => {
    const { email } = await createUser(t, { password: "pat's real pw" });
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `wrong ${i} pw`, address)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const blocked = results.find((r) => r.statusCode === 429)!;
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
    // The right password from the same address waits out the window too.
    expect((await login(email, "pat's real pw", address)).statusCode).toBe(429);
  }, 60_000);

  it("refuses a tRPC batch of sign-in attempts, so 8 wrong and 1 right password can't sign in", async () => {
    const { email } = await createUser(t, { password: "quinn's real pw" });
    const inputs = [...Array.from({ length: 8 }, (_, i) => `wrong ${i} pw`), "quinn's real pw"].map((password) => ({ email, password }));
    const res = await call({
      method: "POST",
      url: `/trpc/${inputs.map(() => "auth.login").join(",")}?batch=1`,
      remoteAddress: freshAddress(),
      payload: Object.fromEntries(inputs.map((input, i) => [String(i), input])),
    });
    expect(res.cookies.find((c) => c.name === "kim_session" && c.value)).toBeUndefined();
    const answers = res.json() as { error?: { message: string } }[];
    expect(answers).toHaveLength(9);
    for (const answer of answers) expect(answer.error?.message).toBe("Sign in with one request at a time");
  });

  it("doesn't lock the owner out when someone elsewhere fails to sign in", async () => {
    const { email } = await createUser(t, { password: "rae's real pw" });
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login(email, `guess ${i} pw`, attacker)).statusCode).toBe(401);
    expect((await login(email, "rae's real pw", attacker)).statusCode).toBe(429);
    expect((await login(email, "rae's real pw", freshAddress())).statusCode).toBe(200);
  });

  it("stops guessing from many addresses at 50 an hour per account, except from a browser that signed in before", async () => {
    const { email } = await createUser(t, { password: "sam's real pw" });
    const home = freshAddress();
    const first = await login(email, "sam's real pw", home);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    for (let address = 0; address < 10; address++) {
      const from = freshAddress();
      await Promise.all(Array.from({ length: 5 }, (_, i) => login(email, `guess ${address}-${i}`, from)));
    }
    // 51 attempts on the account: a new address is refused even with the right password...
    const stranger = await login(email, "sam's real pw", freshAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many sign-in attempts\. Try again in/);
    // ...while the owner's browser, known from before, signs in (from a new address too).
    expect((await login(email, "sam's real pw", freshAddress(), device)).statusCode).toBe(200);
    // A device cookie that never signed in to this account counts for nothing.
    expect((await login(email, "sam's real pw", freshAddress(), "kim_device=made-up")).statusCode).toBe(429);
  }, 120_000);

  it("clears an address's failures for the account once the right password comes", async () => {
    const { email } = await createUser(t, { password: "tia's real pw" });
    const address = freshAddress();
    for (let i = 0; i < 4; i++) expect((await login(email, `typo ${i} pw`, address)).statusCode).toBe(401);
    expect((await login(email, "tia's real pw", address)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, `typo ${i} pw`, address)).statusCode).toBe(401);
  });

  it("answers 429 after 30 sign-in attempts from one address, whatever the accounts", async () => {
    const remoteAddress = freshAddress();
    const results = await Promise.all(Array.from({ length: 31 }, (_, i) => login(`who${i}@example.com`, "whatever1", remoteAddress)));
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(30);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(1);
  }, 120_000);

  it("answers 429 after too many signups or reset requests from one address", async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 10; i++) {
      const res = await call({
        method: "POST",
        url: "/api/signup",
        remoteAddress,
        payload: { email: `many${i}@example.com`, password: "12345678" },
      });
      expect(res.statusCode).toBe(201);
    }
    const signup = await call({
      method: "POST",
      url: "/api/signup",
      remoteAddress,
      payload: { email: "many10@example.com", password: "12345678" },
    });
    expect(signup.statusCode).toBe(429);
    expect(signup.json().message).toMatch(/Try again in \d+ minutes?\./);

    const resetAddress = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await call({
        method: "POST",
        url: "/api/password-reset/request",
        remoteAddress: resetAddress,
        payload: { email: `many${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    const reset = await call({
      method: "POST",
      url: "/api/password-reset/request",
      remoteAddress: resetAddress,
      payload: { email: "many5@example.com" },
    });
    expect(reset.statusCode).toBe(429);
    expect(reset.json().message).toMatch(/^Too many password reset requests\. Try again in/);
  });
});

describe("behind a load balancer (TRUST_PROXY=1)", () => {
  it("counts sign-ups by the address the load balancer saw, not the entries the client wrote before it", async () => {
    const behind = await createTestApp({ trustedProxyHops: loadConfig({ TRUST_PROXY: "1" }).trustedProxyHops });
    try {
      const balancer = freshAddress();
      const client = freshAddress();
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const res = await behind.app.inject({
          method: "POST",
          url: "/api/signup",
          remoteAddress: balancer,
          // The client writes a new left-most entry each time; the load balancer appends the address it saw.
          headers: { "x-forwarded-for": `198.51.100.${i}, ${client}` },
          payload: { email: `behind${i}@example.com`, password: "12345678" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    } finally {
      await behind.close();
    }
  });
});

describe("secrets", () => {
  it("never appear in a response body, a header other than set-cookie, or a log line", () => {
    const everything = [...bodies, ...t.logs].join("\n");
    expect(everything.length).toBeGreaterThan(1000);
    expect(everything).not.toMatch(/\$argon2/);
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
  });
});
