import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "expiry-mail-unsubscribe";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, userId: string) => createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest("base64url");

/** The token of a user's unsubscribe link: their id and an HMAC of it, so the link works without signing in. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${signature(secret, userId)}`;
}

/** The user a token was made for, or null when it was not made with this secret (compared in constant time). */
export function userOfToken(secret: string, token: string): string | null {
  const [userId, given, ...rest] = token.split(".");
  if (!userId || !given || rest.length > 0 || !UUID.test(userId)) return null;
  const expected = Buffer.from(signature(secret, userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}
