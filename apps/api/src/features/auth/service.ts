import { INVITE_LINK_DAYS, type SignupInput } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { appError } from "../../lib/errors";
import { clearHits, spend, withinLimit, type Limit } from "../../lib/rate-limit";
import { publishSignOut } from "../../live";
import type { Context } from "../../trpc/context";
import { hashPassword, verifyPassword } from "./passwords";
import { publicUser } from "./public-user";
import {
  findCredentials,
  hasLiveResetToken,
  insertUser,
  isKnownDevice,
  queueResetMail,
  rememberDevice,
  resetPasswordWithToken,
  setResetToken,
} from "./queries";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  hashToken,
  newToken,
  SESSION_COOKIE,
  setSessionCookie,
} from "../../sessions/sessions";

const MINUTE = 60_000;
const DEVICE_COOKIE = "kim_device";
const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Sign-in attempts are counted before the password is checked. Tight per account and address, so guessing from
 * one place stops at once; loose per account, so guessing from many places stays slow, and browsers that signed
 * in to the account before skip that one, so strangers can't lock the owner out; per address against spraying.
 */
export const LIMITS = {
  loginPerAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 50, windowMs: 60 * MINUTE },
  loginPerAddress: { max: 30, windowMs: 15 * MINUTE },
  signupPerAddress: { max: 10, windowMs: 60 * MINUTE },
  resetPerAddress: { max: 5, windowMs: 60 * MINUTE },
  /** Tries of reset links from one address: each live one costs an argon2 hash, so guessing can't tie up the CPU. */
  resetConfirmPerAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Reset mails sent to one address; requests past it answer the same without mailing, so nobody locks out the owner. */
  resetMailsPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

const RESET_TOKEN_MS = 60 * MINUTE;

export const INVALID_LOGIN = "Invalid email or password";
const TOO_MANY_LOGINS = "Too many sign-in attempts.";
export const RESET_REQUESTED = "If an account exists with that email, we've sent password reset instructions.";
export const INVALID_RESET_LINK = "This password reset link is invalid, expired or already used. Please request a new one.";

async function startSession(ctx: Context, userId: string): Promise<void> {
  const previous = ctx.http.cookie(SESSION_COOKIE);
  if (previous) await deleteSession(ctx.db, previous);
  setSessionCookie(ctx.http, await createSession(ctx.db, userId));
}

export async function signup(ctx: Context, input: SignupInput) {
  await spend(ctx, { key: `signup:ip:${ctx.http.ip}`, limit: LIMITS.signupPerAddress, refusal: "Too many sign-ups from this address." });
  const user = await insertUser(ctx.db, { ...input, password: await hashPassword(input.password, ctx.config.passwordHashing) });
  if (!user) throw appError("CONFLICT", "An account with this email already exists");
  await startSession(ctx, user.id);
  return publicUser(user);
}

export async function login(ctx: Context, input: { email: string; password: string }) {
  // Attempts are counted one request at a time; a batch could otherwise race its own attempts past the count.
  if (ctx.http.calls > 1) throw appError("BAD_REQUEST", "Sign in with one request at a time");
  const device = ctx.http.cookie(DEVICE_COOKIE);
  const knownDevice = !!device && (await isKnownDevice(ctx.db, hashToken(device), input.email));
  const accountAtAddress = `login:account-address:${input.email}:${ctx.http.ip}`;
  await spend(
    ctx,
    { key: accountAtAddress, limit: LIMITS.loginPerAccountAndAddress, refusal: TOO_MANY_LOGINS },
    { key: `login:address:${ctx.http.ip}`, limit: LIMITS.loginPerAddress, refusal: TOO_MANY_LOGINS },
    ...(knownDevice ? [] : [{ key: `login:account:${input.email}`, limit: LIMITS.loginPerAccount, refusal: TOO_MANY_LOGINS }]),
  );
  const credentials = await findCredentials(ctx.db, input.email);
  const ok = await verifyPassword(credentials?.password, input.password, ctx.config.passwordHashing);
  if (!ok || !credentials) throw new TRPCError({ code: "UNAUTHORIZED", message: INVALID_LOGIN });
  await clearHits(ctx.db, accountAtAddress);
  // A known device was marked used by isKnownDevice; a new one is remembered for next time.
  let deviceToken = device;
  if (!knownDevice || !deviceToken) {
    deviceToken = newToken();
    await rememberDevice(ctx.db, hashToken(deviceToken), credentials.id);
  }
  ctx.http.setCookie(DEVICE_COOKIE, deviceToken, { maxAge: DEVICE_COOKIE_SECONDS });
  await startSession(ctx, credentials.id);
  const { password: _hash, ...user } = credentials;
  return publicUser(user);
}

export async function logout(ctx: Context): Promise<{ ok: true }> {
  const token = ctx.http.cookie(SESSION_COOKIE);
  const userId = token ? await deleteSession(ctx.db, token) : undefined;
  // Its open live streams end too, or they would go on telling a signed-out browser of the kitchen's changes.
  if (userId) await publishSignOut(ctx.db, userId);
  clearSessionCookie(ctx.http);
  return { ok: true };
}

/**
 * A single-use link to the reset screen, its token stored hashed and valid for `validMs`. `welcome` makes the screen
 * greet a new account choosing its first password rather than someone resetting theirs.
 */
async function resetLink(ctx: Pick<Context, "db" | "config">, userId: string, validMs: number, welcome = false): Promise<string> {
  const token = newToken();
  await setResetToken(ctx.db, userId, hashToken(token), new Date(Date.now() + validMs));
  return `${ctx.config.appUrl}/reset-password?token=${token}${welcome ? "&welcome=1" : ""}`;
}

/**
 * Mails the link to choose a first password to an account an admin created: the reset mechanism with a longer
 * expiry, since the person may not read the mail the same hour.
 */
export async function sendSetPasswordInvite(ctx: Pick<Context, "db" | "config" | "sendMail">, userId: string, email: string) {
  const link = await resetLink(ctx, userId, INVITE_LINK_DAYS * 24 * 60 * MINUTE, true);
  await ctx.sendMail(ctx.db, {
    to: email,
    subject: "Your Kim account is ready: choose a password",
    text: [
      "An administrator created a Kim account for you.",
      "",
      `Choose your password here (the link expires in ${INVITE_LINK_DAYS} days and works once), then log in with this email:`,
      link,
      "",
      "If you didn't expect this mail, ignore it.",
    ].join("\n"),
  });
}

/** Mails a reset link to an existing account (an admin's button). */
export async function sendPasswordReset(ctx: Pick<Context, "db" | "config" | "sendMail">, userId: string, email: string) {
  const link = await resetLink(ctx, userId, RESET_TOKEN_MS);
  await ctx.sendMail(ctx.db, { to: email, ...resetMail(link) });
}

function resetMail(link: string) {
  return {
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
  };
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

/**
 * Answers the same, after the same statements, for any email: known or not, mailed or past the mail limit. The
 * outbox's sender (every few seconds) sends the mail, so the request doesn't wait for it either.
 */
export async function requestPasswordReset(ctx: Context, input: { email: string }) {
  const refusal = "Too many password reset requests.";
  await spend(ctx, { key: `reset:ip:${ctx.http.ip}`, limit: LIMITS.resetPerAddress, refusal });
  const send = await withinLimit(ctx.db, `reset:email:${input.email}`, LIMITS.resetMailsPerEmail);
  const token = newToken();
  await queueResetMail(ctx.db, {
    email: input.email,
    tokenHash: hashToken(token),
    expires: new Date(Date.now() + RESET_TOKEN_MS),
    send,
    ...resetMail(`${ctx.config.appUrl}/reset-password?token=${token}`),
  });
  return { message: RESET_REQUESTED };
}

export async function confirmPasswordReset(ctx: Context, input: { token: string; newPassword: string }) {
  await spend(ctx, {
    key: `reset-confirm:ip:${ctx.http.ip}`,
    limit: LIMITS.resetConfirmPerAddress,
    refusal: "Too many password reset attempts.",
  });
  // The token is checked before argon2 runs, so a made-up one costs a lookup, not a hash; the update checks it again.
  const tokenHash = hashToken(input.token);
  if (!(await hasLiveResetToken(ctx.db, tokenHash))) throw appError("BAD_REQUEST", INVALID_RESET_LINK);
  const userId = await resetPasswordWithToken(ctx.db, tokenHash, await hashPassword(input.newPassword, ctx.config.passwordHashing));
  if (!userId) throw appError("BAD_REQUEST", INVALID_RESET_LINK);
  await deleteUserSessions(ctx.db, userId);
  clearSessionCookie(ctx.http);
  return { message: "Password reset successful" };
}

/**
 * Whether `password` is the signed-in user's, for a change that asks for it again (deleting the account). Counted like
 * sign-in attempts per account, so an open session can't be used to guess the password.
 */
export async function confirmPassword(ctx: Context, user: { id: string; email: string }, password: string): Promise<boolean> {
  await spend(ctx, { key: `login:account:${user.email}`, limit: LIMITS.loginPerAccount, refusal: TOO_MANY_LOGINS });
  const credentials = await findCredentials(ctx.db, user.email);
  return credentials?.id === user.id && (await verifyPassword(credentials.password, password, ctx.config.passwordHashing));
}
