import type { Database } from "@kim/db";
import type { TRPCRouterRecord } from "@trpc/server";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Job } from "../lib/jobs";
import type { RestRoute } from "../lib/rest";
import type { OutsideClients } from "../outside/clients";

/** What a feature's raw routes and background jobs are given: the app's parts, outside any request. */
export interface FeatureDeps {
  config: Config;
  db: Kysely<Database>;
  clients: OutsideClients;
  log: FastifyBaseLogger;
  /** Wakes the mail sender after mail was queued. */
  mailQueued(): void;
}

/** Work a feature has every process do on a timer (see lib/jobs). */
export type BackgroundJob = Job<FeatureDeps>;

/** What a feature declares in its one line of the feature list (index.ts); app.ts wires every part. */
export interface Feature {
  /** Its tRPC procedures, under the feature's name. */
  router: TRPCRouterRecord;
  /**
   * Its documented REST paths, each calling one of those procedures through a caller typed by the feature's name and
   * router (`CallerOf`); where the app registers them, the compiler checks that name against the app's router.
   */
  rest: RestRoute<never>[];
  /** Routes outside tRPC and the REST table, registered as they are (Stripe's webhook reads its raw body). */
  routes?: ((app: FastifyInstance, deps: FeatureDeps) => Promise<void>)[];
  jobs?: BackgroundJob[];
}
