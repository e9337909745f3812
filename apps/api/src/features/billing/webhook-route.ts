import type { FastifyInstance } from "fastify";
import { appError } from "../../lib/errors";
import type { FeatureDeps } from "../feature";
import { applyEvent, verifiedEvent, type WebhookDeps } from "./webhook";

export const WEBHOOK_PATH = "/api/stripe/webhook";
/** Stripe's events are a few KB; a subscription with many items stays far below this. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook in its own scope: the one path whose body is read raw (any content type, as bytes), since
 * Stripe signs the exact bytes it sent. The rest of the app keeps its JSON-only parser.
 */
export async function registerStripeWebhook(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { config } = deps;
  const { stripe } = deps.clients;
  const webhook: WebhookDeps | null =
    stripe && config.stripe ? { db: deps.db, stripe, config: config.stripe, appUrl: config.appUrl, now: () => new Date() } : null;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    // Stripe sends no session cookie, and events larger than a stranger's usual body.
    scope.post(WEBHOOK_PATH, { config: { strangerBodyBytes: WEBHOOK_BODY_LIMIT } }, async (req) => {
      if (!webhook) throw appError("NOT_FOUND", "Stripe is not configured: Kim runs the local trial mode, which has no webhook");
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers["stripe-signature"];
      const event = verifiedEvent(webhook, body, typeof signature === "string" ? signature : undefined);
      const outcome = await applyEvent(webhook, event, req.log);
      if (outcome === "applied") deps.mailQueued();
      req.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
      return { received: true, outcome };
    });
  });
}
