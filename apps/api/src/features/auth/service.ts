import { randomBytes } from "node:crypto";
import type { SignupInput } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { appError } from "../../lib/errors";
import { clearHits, countHit, enforceLimit, peekHits, tooManyRequests, type Limit } from "../../lib/rate-limit";
import type { Context } from "../../trpc/context";
import { hashPassword, verifyPassword } from "./passwords";
import { publicUser } from "./public-user";
import { findCredentials, insertUser, resetPasswordWithToken, setResetToken } from "./queries";
import {
  clearSessionCookie, createSession, deleteSession, deleteUserSessions, hashToken, readSessionToken, setSessionCookie,
} from "./sessions";

const MINUTE = 60_000;
export const LIMITS = {
  failedLoginPerEmail: { max: 5, windowMs: 15 * MINUTE },
  failedLoginPerAddress: { max: 20, windowMs: 15 * MINUTE },
  signupPerAddress: { max: 10, windowMs: 60 * MINUTE },
  resetPerAddress: { max: 5, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

const RESET_TOKEN_MS = 60 * MINUTE;
export const INVALID_LOGIN = "Invalid email or password";
export const RESET_REQUESTED = "If an account exists with that email, we've sent password reset instructions.";
export const INVALID_RESET_LINK = "This password reset link is invalid, expired or already used. Please request a new one.";

async function startSession(ctx: Context, userId: string): Promise<void> {
  const previous = readSessionToken(ctx.req);
  if (previous) await deleteSession(ctx.db, previous);
  setSessionCookie(ctx.res, await createSession(ctx.db, userId), ctx.secure);
}

export async function signup(ctx: Context, input: SignupInput) {
  await enforceLimit(ctx.db, ctx.res, `signup:ip:${ctx.req.ip}`, LIMITS.signupPerAddress, "Too many sign-ups from this address.");
  const user = await insertUser(ctx.db, { ...input, password: await hashPassword(input.password) });
  if (!user) throw appError("CONFLICT", "An account with this email already exists");
  await startSession(ctx, user.id);
  return publicUser(user);
}

export async function login(ctx: Context, input: { email: string; password: string }) {
  const keys = [`login:email:${input.email}`, `login:ip:${ctx.req.ip}`] as const;
  const limits = [LIMITS.failedLoginPerEmail, LIMITS.failedLoginPerAddress];
  for (const [i, key] of keys.entries()) {
    const hits = await peekHits(ctx.db, key);
    if (hits && hits.count >= limits[i]!.max) throw tooManyRequests(ctx.res, hits.resetAt, "Too many failed sign-in attempts.");
  }

  const credentials = await findCredentials(ctx.db, input.email);
  const ok = await verifyPassword(credentials?.password, input.password);
  if (!ok || !credentials) {
    await Promise.all(keys.map((key, i) => countHit(ctx.db, key, limits[i]!)));
    throw new TRPCError({ code: "UNAUTHORIZED", message: INVALID_LOGIN });
  }
  await clearHits(ctx.db, keys[0]);
  await startSession(ctx, credentials.id);
  const { password: _hash, ...user } = credentials;
  return publicUser(user);
}

export async function logout(ctx: Context): Promise<{ ok: true }> {
  const token = readSessionToken(ctx.req);
  if (token) await deleteSession(ctx.db, token);
  clearSessionCookie(ctx.res, ctx.secure);
  return { ok: true };
}

/** Mails a reset link to an existing account; answers the same either way. */
export async function sendPasswordReset(ctx: Pick<Context, "db" | "config" | "sendMail">, userId: string, email: string) {
  const token = randomBytes(32).toString("base64url");
  await setResetToken(ctx.db, userId, hashToken(token), new Date(Date.now() + RESET_TOKEN_MS));
  const link = `${ctx.config.appUrl}/reset-password?token=${token}`;
  await ctx.sendMail({
    to: email,
    subject: "Reset your Kim password",
    text: [
      "Someone asked to reset the password of your Kim account.",
      "",
      `Choose a new password here (the link expires in 1 hour and works once):`,
      link,
      "",
      "If it wasn't you, ignore this mail; your password stays as it is.",
    ].join("\n"),
    html: resetMailHtml(link),
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function resetMailHtml(link: string): string {
  const href = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:480px;margin:auto;padding:24px">
<h1 style="font-size:20px">Reset your Kim password</h1>
<p>Someone asked to reset the password of your Kim account.</p>
<p><a href="${href}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="color:#555;font-size:14px">The link expires in 1 hour and works once. If the button doesn't work, open this address:<br>${href}</p>
<p style="color:#555;font-size:14px">If it wasn't you, ignore this mail; your password stays as it is.</p>
</body></html>`;
}

export async function requestPasswordReset(ctx: Context, input: { email: string }) {
  await enforceLimit(ctx.db, ctx.res, `reset:ip:${ctx.req.ip}`, LIMITS.resetPerAddress, "Too many password reset requests.");
  await enforceLimit(ctx.db, ctx.res, `reset:email:${input.email}`, LIMITS.resetPerEmail, "Too many password reset requests.");
  const credentials = await findCredentials(ctx.db, input.email);
  if (credentials) await sendPasswordReset(ctx, credentials.id, input.email);
  return { message: RESET_REQUESTED };
}

export async function confirmPasswordReset(ctx: Context, input: { token: string; newPassword: string }) {
  const userId = await resetPasswordWithToken(ctx.db, hashToken(input.token), await hashPassword(input.newPassword));
  if (!userId) throw appError("BAD_REQUEST", INVALID_RESET_LINK);
  await deleteUserSessions(ctx.db, userId);
  clearSessionCookie(ctx.res, ctx.secure);
  return { message: "Password reset successful" };
}
