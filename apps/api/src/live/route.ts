import type { Database } from "@kim/db";
import { parseLiveEventId, type LiveVersions } from "@kim/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { unauthorized } from "../lib/errors";
import { fastifyExchange } from "../lib/exchange";
import { loadSession } from "../sessions/sessions";
import { liveScope } from "./changes";
import type { LiveHub } from "./hub";

export const EVENTS_PATH = "/api/events";

/**
 * GET /api/events: the signed-in person's stream of server-sent events (see LiveStream). The session is checked
 * before a stream is counted or anything read; a reconnecting browser's Last-Event-ID (EventSource's own retry) or
 * `?since=` (the web app's, after a refusal) says what it was told, and the stream catches up from there.
 */
export function registerLiveEvents(app: FastifyInstance, hub: LiveHub, db: Kysely<Database>, https: boolean): void {
  app.get(EVENTS_PATH, async (req, reply) => {
    const user = await loadSession(db, fastifyExchange(req, reply, https));
    if (!user) throw unauthorized();
    const stream = hub.open(liveScope({ user }), user.id, Date.now());
    // A browser gone before the stream is sent, or while it is, lets it go.
    reply.raw.once("close", () => stream.body.destroy());
    try {
      await hub.begin(stream, since(req));
    } catch (err) {
      stream.body.destroy();
      throw err;
    }
    reply.header("content-type", "text/event-stream; charset=utf-8").header("x-accel-buffering", "no");
    return reply.send(stream.body);
  });
}

/** What the browser says it was told: null for a first connection. */
function since(req: FastifyRequest): LiveVersions | "unknown" | null {
  const header = req.headers["last-event-id"];
  const query = (req.query as { since?: unknown }).since;
  const id = typeof header === "string" ? header : typeof query === "string" ? query : null;
  if (id === null) return null;
  return parseLiveEventId(id) ?? "unknown";
}
