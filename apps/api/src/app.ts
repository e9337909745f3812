import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { DestinationStream } from "pino";
import { servedOverHttps } from "./config";
import { features, restRoutes } from "./features";
import type { Feature, FeatureDeps } from "./features/feature";
import { healthRoutes } from "./features/health/routes";
import { appPages, inlineScriptSources } from "./lib/app-pages";
import { createMailSender, enqueueMail, type MailSender } from "./lib/email";
import { isOutsideFailure, outsideFailureFields, toHttpError, unauthorized } from "./lib/errors";
import { clientErrorHandler, frameworkErrorHandler } from "./lib/framework-errors";
import { afterCommit } from "./lib/idempotency";
import { ListCache } from "./lists";
import { LiveHub, registerLiveEvents } from "./live";
import { fastifyExchange } from "./lib/exchange";
import { housekeeping } from "./lib/housekeeping";
import { scheduleJobs } from "./lib/jobs";
import { BODY_LIMITS, BODY_REFUSALS, BodyBudget, declaredLength, guardedBody, hasBody, type BodyLimits } from "./lib/request-bodies";
import { JSON_BODY_LIMIT, registerRestRoutes, registerTrpc } from "./http";
import { outsideClients } from "./outside/clients";
import { loadSession, SESSION_COOKIE } from "./sessions/sessions";
import { contextFactory, sessionBeforeBody, type AppDeps } from "./trpc/context";

export interface BuildOptions {
  /** Where structured logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Bounds on request bodies; BODY_LIMITS unless given (tests shorten them). */
  bodyLimits?: BodyLimits;
}

declare module "fastify" {
  interface FastifyInstance {
    mailSender: MailSender;
    /** Before closing: answers go on and /healthz says 503, so a load balancer stops routing here. */
    startDraining(): void;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** When to try again after a refusal for uploads or PDFs in flight: about as long as one takes. */
const BUSY_RETRY_SECONDS = "30";
/** Open live update streams of one person in a process: a tab each. */
const LIVE_STREAMS_PER_USER = 10;
/** Paths that never fall back to the SPA. */
const NON_SPA_PATH = /^\/(api|trpc|healthz|assets)(\/|$)/;
/** Answers of the API: per user, never to be kept by a browser or a proxy. */
const API_PATH = /^\/(api|trpc)(\/|\?|$)/;

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const https = servedOverHttps(config);
  const webDist = config.webDistDir && existsSync(path.join(config.webDistDir, "index.html")) ? config.webDistDir : null;
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(webDist)],
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
    bodyLimit: JSON_BODY_LIMIT,
    // tRPC batches name their procedures in the path ("inventory.list,recipes.count"); ids are checked by schemas.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: frameworkErrorHandler(security),
    clientErrorHandler: clientErrorHandler(security),
    forceCloseConnections: "idle",
    // A backstop for whatever no body guard covers: Node drops a request not received whole by then.
    requestTimeout: (options.bodyLimits ?? BODY_LIMITS).timeoutMs * 2,
    // A function, as Fastify takes a bare hop count as trusting no proxy at all.
    trustProxy: (_address: string, hop: number) => hop < config.trustedProxyHops,
  });

  // Only JSON (and multipart where a feature adds it) is accepted: a browser form can post text/plain across sites.
  // An empty JSON body counts as none, so `POST /api/logout` with a JSON type and no body works.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) =>
    body === "" ? done(null, undefined) : parseJson(req, body.toString(), done),
  );
  const appOrigin = new URL(config.appUrl).origin;
  let draining = false;
  const live = new LiveHub(deps.db, app.log, { perProcess: config.liveMaxStreams, perUser: LIVE_STREAMS_PER_USER });
  app.decorate("startDraining", () => {
    draining = true;
    live.drain();
  });
  // Callback-style hooks: every request passes them, and they need no promise.
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(security);
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || !origin || origin === appOrigin || safeHost(origin) === req.headers.host) return done();
    void reply.code(403).send({ message: "Cross-site request refused", code: "FORBIDDEN" });
  });
  await app.register(cookie);
  const bodies = new BodyBudget(options.bodyLimits ?? BODY_LIMITS);
  const guards = new WeakMap<FastifyRequest, Readable>();
  app.decorate("bodies", bodies);
  // Every body Fastify parses (JSON, the webhook's bytes) is counted and timed as it arrives; a request without a
  // session cookie may send only a small one. Uploads are read by their procedure after its checks (lib/rest).
  app.addHook("preParsing", (req, reply, payload, done) => {
    if (!hasBody(req) || /^multipart\//i.test(req.headers["content-type"] ?? "")) return done(null, payload);
    const stranger = !req.headers.cookie?.includes(`${SESSION_COOKIE}=`);
    const strangerCap = req.routeOptions.config.strangerBodyBytes ?? bodies.limits.strangerBytes;
    const cap = stranger ? strangerCap : Infinity;
    const declared = declaredLength(req);
    if (declared !== null && declared > cap) return done(BODY_REFUSALS.tooLarge());
    const read = () => {
      const guard = guardedBody(payload, bodies, cap);
      guards.set(req, guard);
      done(null, guard);
    };
    // More than a stranger may send is read only for a valid session: the lookup every request with a cookie makes,
    // made before the body rather than after it, and kept for the request's context (a forged cookie gets 401 unread).
    if (stranger || (declared !== null && declared <= strangerCap)) return read();
    sessionBeforeBody(deps, req, reply).then((user) => (user ? read() : done(unauthorized())), done);
  });
  app.addHook("onResponse", (req, _reply, done) => {
    guards.get(req)?.destroy();
    // Answered before its body arrived (a refusal): the rest is dropped as it comes for a moment, so the client reads
    // the answer rather than a reset, then the connection closes.
    if (req.raw.complete === false) lingerThenClose(req.raw, bodies.limits.lingerMs);
    done();
  });
  app.addHook("onRequestAbort", (req, done) => {
    guards.get(req)?.destroy();
    done();
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    if (API_PATH.test(req.url)) reply.header("cache-control", "private, no-store");
    done(null, payload);
  });

  const mailSender = createMailSender({ db: deps.db, transport: deps.mailTransport, log: app.log });
  app.decorate("mailSender", mailSender);
  const clients = outsideClients(config);
  const featureDeps: FeatureDeps = { config, db: deps.db, clients, log: app.log, mailQueued: () => mailSender.nudge() };
  const parts: Feature[] = Object.values(features);
  let stopJobs = () => {};
  app.addHook("onReady", async () => {
    await live.start();
    mailSender.start();
    stopJobs = scheduleJobs([housekeeping, ...parts.flatMap((f) => f.jobs ?? [])], featureDeps, app.log);
    if (config.postmarkServerToken && !config.mailLinkSecretIsSet) {
      app.log.warn("MAIL_LINK_SECRET is unset: unsubscribe links in mail stop working when this process restarts");
    }
  });
  // Open streams never finish on their own: they end before the server waits for its requests.
  app.addHook("preClose", async () => live.drain());
  app.addHook("onClose", async () => {
    await live.stop();
    stopJobs();
    await mailSender.stop();
  });
  const createContext = contextFactory(deps, {
    sendMail: async (db, mail) => {
      await enqueueMail(db, mail);
      // In a keyed call's transaction the sender would find nothing before the commit (and wait for its next poll).
      afterCommit(db, mailSender.nudge);
    },
    lists: new ListCache(),
    clients,
  });

  app.setErrorHandler((error, req, reply) => {
    const { status, body } = toHttpError(error);
    if (isOutsideFailure(error)) req.log.warn(outsideFailureFields(error), "outside failure");
    else if (status >= 500 && status !== 503) req.log.error({ err: error }, "request failed");
    // A refusal for being busy says when to come back, as a rate limit's does.
    if ((status === 429 || status === 503) && !reply.hasHeader("retry-after")) reply.header("retry-after", BUSY_RETRY_SECONDS);
    return reply.code(status).send(body);
  });

  await registerTrpc(app, {
    createContext,
    onError: (err, procedure) => app.log.error({ err, procedure }, "procedure failed"),
    onOutsideFailure: (err, procedure) => app.log.warn({ ...outsideFailureFields(err), procedure }, "outside failure"),
  });
  registerRestRoutes(app, createContext, restRoutes);
  registerLiveEvents(app, live, deps.db, https);
  for (const routes of parts.flatMap((f) => f.routes ?? [])) await routes(app, featureDeps);
  healthRoutes(app, deps, () => draining);

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: compressed once, not per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(webDist, "assets") + path.sep);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // Signed-out visitors get the small landing page; everyone else the app.
  const hasLanding = !!webDist && existsSync(path.join(webDist, "landing.html"));
  const appPage = webDist ? appPages(webDist) : () => "index.html";
  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split("?")[0] ?? "/";
    const wantsPage = (req.method === "GET" || req.method === "HEAD") && !NON_SPA_PATH.test(urlPath);
    if (webDist && wantsPage) {
      // Loading the session also renews it, re-sending its cookie, as an API call would.
      const user = hasLanding && urlPath === "/" ? await loadSession(deps.db, fastifyExchange(req, reply, https)) : null;
      const page = hasLanding && urlPath === "/" && !user ? "landing.html" : appPage(urlPath);
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

/**
 * helmet's headers for these options, worked out once: they are the same on every response. Sent with Fastify's own
 * headers rather than set on Node's response one by one by helmet's middleware on every request, which cost as much
 * as all the rest of a cached list's headers.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => void (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Reads and drops the rest of a request's body for `ms`, then closes its connection unless the body ended. */
function lingerThenClose(raw: IncomingMessage, ms: number): void {
  const { socket } = raw;
  const timer = setTimeout(() => socket.destroy(), ms);
  timer.unref();
  raw.once("end", () => clearTimeout(timer));
  socket.once("close", () => clearTimeout(timer));
  raw.resume();
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
