import { hasProAccess, type LiveKind } from "@kim/domain";
import { initTRPC, type TRPCRouterRecord } from "@trpc/server";
import { appError, describeTrpcError, unauthorized } from "../lib/errors";
import { applyOnce, keyedRequest, requestKey, SessionCheck, type Creator } from "../lib/idempotency";
import { publishChange } from "../live";
import { kitchenOf } from "../sessions/kitchen";
import { sessionCheck, sessionUsed, type SessionUser } from "../sessions/sessions";
import type { Context } from "./context";

/** What a procedure tells the HTTP layer (http.ts). */
interface Meta {
  /** Its statement checks the session itself (`sessionCreateProcedure`): the context reads none before it. */
  checksSession?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const { message, issues } = describeTrpcError(error);
      return { ...shape, message, data: { ...shape.data, issues, stack: undefined } };
    },
  });

export const PRO_ONLY = "This is a Pro feature. Upgrade to Pro to use it.";
export const ADMINS_ONLY = "Admins only";

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** One feature's procedures as a caller of the app's router holds them, under the feature's name: what its REST paths call. */
export type CallerOf<TName extends string, TRecord extends TRPCRouterRecord> = {
  [K in TName]: ReturnType<ReturnType<typeof createCallerFactory<TRecord>>>;
};

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  // The context already holds the user, so only its type narrows: handing tRPC a context to merge would copy the
  // whole of it on every call.
  return next() as ReturnType<typeof next<{ user: SessionUser }>>;
});

/** The call as an idempotency key names it, or undefined when it was sent without an Idempotency-Key header. */
async function keyedCall(ctx: Context & { user: SessionUser }, path: string, getRawInput: () => Promise<unknown>) {
  const key = ctx.http.idempotencyKey;
  return key === undefined ? undefined : keyedRequest(ctx.user.id, key, ctx.http.calls, path, await getRawInput());
}

/**
 * For every create and stock change: a call sent with an Idempotency-Key header applies once per key and user, and
 * a retry answers the first answer (see lib/idempotency). Without the header (scripts) it runs as it always did.
 */
export const idempotentProcedure = authedProcedure.use(async ({ ctx, path, getRawInput, next }) => {
  const request = await keyedCall(ctx, path, getRawInput);
  if (!request) return next();
  const { result, replay } = await applyOnce(ctx.db, request, (db) => next({ ctx: { db } }));
  // tRPC wants each middleware's answer to come from next(): the replay is the answer of the call that was rolled back.
  return replay ? { ok: true, data: replay.answer, marker: result.marker } : result;
});

/**
 * For a create that is one INSERT and records its key in that statement (`createOnce`, lib/idempotency): the same
 * promise as `idempotentProcedure` without a transaction around it. The procedure must hand `ctx.keyed` to
 * `createOnce`.
 */
export const keyedCreateProcedure = authedProcedure.use(async ({ ctx, path, getRawInput, next }) =>
  next({ ctx: { keyed: await keyedCall(ctx, path, getRawInput) } }),
);

/**
 * For a create that is one statement (`createOnce`) and tells the open screens of everyone sharing it that `kind`
 * changed: what `keyedCreateProcedure.use(publishes(kind))` promises, with one statement fewer over tRPC. There the
 * context reads no session for it (http.ts), and the create's own statement checks the session and creates as its
 * person (a `SessionCheck`: 401 when the session has ended, as when the lookup finds none), renewed as a lookup
 * would. Called with its user already read (REST, a batch, a caller) it creates as that user. The procedure hands
 * `ctx.creator` and `ctx.keyed` to `createOnce`.
 */
export const sessionCreateProcedure = (kind: LiveKind) =>
  t.procedure.meta({ checksSession: true }).use(async ({ ctx, path, getRawInput, next }) => {
    const token = ctx.user ? undefined : ctx.uncheckedSession;
    if (!ctx.user && token === undefined) throw unauthorized();
    const creator: Creator = ctx.user ? kitchenOf(ctx.user) : sessionCheck(token!);
    const key = ctx.http.idempotencyKey;
    const keyed = key === undefined ? undefined : requestKey(key, ctx.http.calls, path, await getRawInput());
    const result = await next({ ctx: { creator, keyed } });
    const checked = creator instanceof SessionCheck ? creator.person : null;
    if (checked) await sessionUsed(ctx.db, ctx.http, token!, checked.expire);
    const user = ctx.user ?? checked;
    if (result.ok && user) await publishChange({ db: ctx.db, user }, kind);
    return result;
  });

export const proProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!hasProAccess(ctx.user, ctx.now())) throw appError("FORBIDDEN", PRO_ONLY);
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw appError("FORBIDDEN", ADMINS_ONLY);
  return next();
});

/**
 * For a procedure that changes shared data: once it succeeds, the open screens of everyone sharing it hear that `kind`
 * changed (live/), in the procedure's transaction when it runs in one, so only a committed change is told. A keyed
 * retry answered from its key runs nothing, so tells nothing again.
 */
export const publishes = (kind: LiveKind) =>
  t.middleware(async ({ ctx, next }) => {
    const result = await next();
    if (result.ok && ctx.user) await publishChange({ db: ctx.db, user: ctx.user }, kind);
    return result;
  });
