import { randomBytes } from "node:crypto";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);

const defaultWebDist = new URL("../../web/dist", import.meta.url).pathname;

const PROCESS_SECRET = randomBytes(32).toString("base64url");

/** argon2id's cost for new password hashes (a stored hash carries its own, so verifying reads it from there). */
export interface PasswordHashing {
  /** KiB of memory. */
  memoryCost: number;
  /** Passes over it. */
  timeCost: number;
}

/**
 * The argon2 library's defaults, 64 MiB and 3 passes, above OWASP's minimum for argon2id. No variable sets it: only
 * tests lower it (testing/test-app.ts), as their hundreds of sign-ups and sign-ins would otherwise spend minutes of CPU.
 */
const PASSWORD_HASHING: PasswordHashing = { memoryCost: 65_536, timeCost: 3 };

/** Every setting, once: its variable, its check and default, and the name and shape the app reads it by. */
const schema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./.data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(\d{1,2}|true|false)$/, "must be a number of proxies (0 for none), true or false")
      .default("0"),
    EMAIL_FROM: z.string().min(3).default("Kim <no-reply@kim.app>"),
    POSTMARK_SERVER_TOKEN: z.string().optional(),
    POSTMARK_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    OFF_API_URL: z.url({ protocol: /^https?$/ }).default("https://world.openfoodfacts.org"),
    FETCH_ALLOW_PRIVATE_NETWORK: z.enum(["0", "1", "true", "false"]).default("0"),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PRICE_BASIC: z.string().optional(),
    STRIPE_PRICE_PRO: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    MAIL_LINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    LIVE_MAX_STREAMS: z.coerce.number().int().min(0).max(100_000).default(2000),
    KIM_ADMIN_EMAIL: z.email().optional(),
    KIM_ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /** PostgreSQL connections per process. */
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Without APP_URL, links in mail point at this process, on whatever port it listens. */
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    /** The built SPA; null serves the API alone. */
    webDistDir: (e.WEB_DIST_DIR ?? defaultWebDist) as string | null,
    /**
     * The proxies in front of Kim that append to X-Forwarded-For; the client address is the entry the outermost one
     * wrote. Trusting every hop would take the left-most entry, which the client writes itself, so `true` means one.
     */
    trustedProxyHops: e.TRUST_PROXY === "true" ? 1 : e.TRUST_PROXY === "false" ? 0 : Number(e.TRUST_PROXY),
    emailFrom: e.EMAIL_FROM,
    postmarkServerToken: e.POSTMARK_SERVER_TOKEN,
    postmarkApiUrl: e.POSTMARK_API_URL,
    /** Open Food Facts, for barcode lookups. */
    offApiUrl: e.OFF_API_URL.replace(/\/$/, ""),
    /** Tests and local use only: URL import may fetch pages on loopback and private networks. */
    fetchAllowPrivateNetwork: e.FETCH_ALLOW_PRIVATE_NETWORK === "1" || e.FETCH_ALLOW_PRIVATE_NETWORK === "true",
    /** An OpenAI-compatible API for pages and PDFs whose structure shows no recipe; none means no AI is called. */
    openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL } : undefined,
    /** Stripe Checkout, billing portal and webhooks; none means the local trial mode (trials start without payment). */
    stripe: stripeFrom(e),
    /**
     * Signs the links in mail that work without signing in (unsubscribe). Unset, each process makes its own, so links
     * stop working when it restarts and differ between processes: set it wherever mail really goes out.
     */
    mailLinkSecret: e.MAIL_LINK_SECRET ?? PROCESS_SECRET,
    mailLinkSecretIsSet: e.MAIL_LINK_SECRET !== undefined,
    /** Open live update streams (GET /api/events) a process holds; past it, 429. */
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    /** Created or promoted to admin at start. */
    admin: adminFrom(e.KIM_ADMIN_EMAIL, e.KIM_ADMIN_PASSWORD),
    passwordHashing: PASSWORD_HASHING,
  }));

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

function adminFrom(email: string | undefined, password: string | undefined): { email: string; password: string } | undefined {
  if (!email && !password) return undefined;
  if (!email || !password) throw new ConfigError("Invalid configuration:\n  KIM_ADMIN_EMAIL and KIM_ADMIN_PASSWORD go together");
  return { email: email.trim().toLowerCase(), password };
}

export interface StripeConfig {
  secretKey: string;
  prices: { basic: string; pro: string };
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); Stripe's own when undefined. */
  apiUrl: string | undefined;
}

function stripeFrom(e: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
}): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PRICE_BASIC: basic, STRIPE_PRICE_PRO: pro, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
  if (!secretKey) return undefined;
  // Half a Stripe setup would take money without recording it (no webhook) or sell a plan without a price.
  const missing = Object.entries({ STRIPE_PRICE_BASIC: basic, STRIPE_PRICE_PRO: pro, STRIPE_WEBHOOK_SECRET: webhookSecret })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0 || !basic || !pro || !webhookSecret) {
    throw new ConfigError(`Invalid configuration:\n  STRIPE_SECRET_KEY needs ${missing.join(", ")} too`);
  }
  return { secretKey, prices: { basic, pro }, webhookSecret, apiUrl: e.STRIPE_API_URL };
}

/** The one place that reads process.env. Empty values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** Kim is reached over https: cookies are Secure, and HSTS and upgrade-insecure-requests are sent. */
export function servedOverHttps(config: Pick<Config, "appUrl">): boolean {
  return config.appUrl.startsWith("https:");
}
