import { existsSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { authRestRoutes } from "./features/auth/rest";
import { barcodeRestRoutes } from "./features/barcode/rest";
import { findSession, readSessionToken } from "./features/auth/sessions";
import { inventoryRestRoutes } from "./features/inventory/rest";
import { profileRestRoutes } from "./features/profile/rest";
import { healthRoutes } from "./features/health/routes";
import { createMailSender, enqueueMail, type MailSender } from "./lib/email";
import { toHttpError } from "./lib/errors";
import { scheduleHousekeeping } from "./lib/housekeeping";
import { registerRestRoutes } from "./lib/rest";
import { contextFactory, type AppDeps } from "./trpc/context";
import { appRouter, type AppRouter } from "./trpc/router";

export interface BuildOptions {
  /** Where structured logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

declare module "fastify" {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Paths that never fall back to the SPA. */
const NON_SPA_PATH = /^\/(api|trpc|healthz|assets)(\/|$)/;

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'], remove: true },
      serializers: {
        // Query strings can carry secrets (the reset link's token): log their names, not their values.
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactQuery(req.url), ip: req.ip }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    trustProxy: config.trustProxy,
  });

  const https = config.appUrl.startsWith("https:");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        mediaSrc: ["'self'", "blob:"],
        // blob: lets the barcode scanner read a picture the cook picked.
        connectSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);

  // A browser form can post text/plain across sites; only JSON (and multipart where a feature adds it) is accepted.
  app.removeContentTypeParser("text/plain");
  const appOrigin = new URL(config.appUrl).origin;
  app.addHook("onRequest", async (req, reply) => {
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || !origin) return;
    const allowed = origin === appOrigin || safeHost(origin) === req.headers.host;
    if (!allowed) return reply.code(403).send({ message: "Cross-site request refused", code: "FORBIDDEN" });
  });

  const mailSender = createMailSender({ db: deps.db, transport: deps.mailTransport, log: app.log });
  app.decorate("mailSender", mailSender);
  let stopHousekeeping = () => {};
  app.addHook("onReady", async () => {
    mailSender.start();
    stopHousekeeping = scheduleHousekeeping(deps.db, app.log);
  });
  app.addHook("onClose", async () => {
    stopHousekeeping();
    await mailSender.stop();
  });
  const createContext = contextFactory(deps, async (mail) => {
    await enqueueMail(deps.db, mail);
    mailSender.nudge();
  });

  app.setErrorHandler((error, req, reply) => {
    const { status, body } = toHttpError(error);
    if (status >= 500) req.log.error({ err: error }, "request failed");
    return reply.code(status).send(body);
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(req, res),
      onError({ error, path: procedure }) {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, procedure }, "procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  registerRestRoutes(app, createContext, [
    ...authRestRoutes,
    ...profileRestRoutes,
    ...inventoryRestRoutes,
    ...barcodeRestRoutes,
  ]);
  healthRoutes(app, deps);

  const webDist = config.webDistDir && existsSync(path.join(config.webDistDir, "index.html")) ? config.webDistDir : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(webDist, "assets") + path.sep);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // Signed-out visitors get the small landing page; everyone else the app.
  const hasLanding = !!webDist && existsSync(path.join(webDist, "landing.html"));
  const pageFor = async (urlPath: string, token: string | undefined) =>
    hasLanding && urlPath === "/" && !(token && (await findSession(deps.db, token))) ? "landing.html" : "index.html";

  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split("?")[0] ?? "/";
    const wantsPage = (req.method === "GET" || req.method === "HEAD") && !NON_SPA_PATH.test(urlPath);
    if (webDist && wantsPage) {
      const page = await pageFor(urlPath, readSessionToken(req));
      return reply.header("cache-control", "no-cache").header("vary", "cookie").sendFile(page);
    }
    return reply.code(404).send({ message: `No route for ${req.method} ${urlPath}`, code: "NOT_FOUND" });
  });

  return app;
}

export function redactQuery(url: string): string {
  const [pathPart, query] = url.split(/\?(.*)/s, 2);
  if (query === undefined) return url;
  const names = query.split("&").map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return `${pathPart}?${names.join("&")}`;
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
