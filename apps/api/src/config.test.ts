import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

/** The message loadConfig refuses `env` with; fails the test if it accepts it. */
function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("config", () => {
  it("has defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: "./.data", databaseUrl: undefined, appUrl: "http://localhost:3000" });
  });

  it("hashes passwords with argon2id at 64 MiB and 3 passes, whatever the environment says", () => {
    expect(loadConfig({ PASSWORD_HASHING: "cheap", MEMORY_COST: "8" }).passwordHashing).toEqual({ memoryCost: 65_536, timeCost: 3 });
  });

  it("treats empty values as unset and strips a trailing slash from APP_URL", () => {
    expect(loadConfig({ DATABASE_URL: "", APP_URL: "https://kim.example/" })).toMatchObject({
      databaseUrl: undefined,
      appUrl: "https://kim.example",
    });
  });

  it("names each bad value", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    // Every bad setting in one message, each on its own line, so a person fixes them in one go.
    const message = configError({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}DATABASE_URL: must be a postgres/m);
  });

  it("takes TRUST_PROXY as the number of proxies in front, true as one", () => {
    expect(loadConfig({}).trustedProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustedProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustedProxyHops).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustedProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustedProxyHops).toBe(0);
    expect(configError({ TRUST_PROXY: "yes" })).toMatch(/^ {2}TRUST_PROXY: must be a number of proxies/m);
  });

  it("takes the first admin's email and password together", () => {
    expect(loadConfig({ KIM_ADMIN_EMAIL: "Boss@Example.com", KIM_ADMIN_PASSWORD: "12345678" }).admin).toEqual({
      email: "boss@example.com",
      password: "12345678",
    });
    expect(loadConfig({}).admin).toBeUndefined();
    expect(() => loadConfig({ KIM_ADMIN_EMAIL: "boss@example.com" })).toThrow(/go together/);
    expect(() => loadConfig({ KIM_ADMIN_EMAIL: "boss@example.com", KIM_ADMIN_PASSWORD: "short" })).toThrow(/KIM_ADMIN_PASSWORD/);
  });

  it("runs the local trial mode without Stripe settings, and takes a Stripe setup only whole", () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PRICE_BASIC: "price_b",
      STRIPE_PRICE_PRO: "price_p",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: "sk_test_1",
      prices: { basic: "price_b", pro: "price_p" },
      webhookSecret: "whsec_1",
      apiUrl: undefined,
    });
    expect(configError({ ...stripe, STRIPE_WEBHOOK_SECRET: "", STRIPE_PRICE_PRO: "" })).toMatch(
      /STRIPE_SECRET_KEY needs STRIPE_PRICE_PRO, STRIPE_WEBHOOK_SECRET too/,
    );
    expect(configError({ ...stripe, STRIPE_API_URL: "ftp://x" })).toMatch(/STRIPE_API_URL/);
  });
});
