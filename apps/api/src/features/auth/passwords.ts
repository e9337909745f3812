import argon2 from "argon2";
import type { PasswordHashing } from "../../config";

// argon2id at the configured cost; it runs on libuv's thread pool, off the event loop.
export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

/** One dummy hash per cost, made once. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Verifies a password against a stored hash. Without a hash (unknown email, or an account that has no password
 * yet) it verifies against a dummy of the configured cost, so every failed login costs the same work.
 */
export async function verifyPassword(hash: string | null | undefined, password: string, cost: PasswordHashing): Promise<boolean> {
  if (!hash) {
    const key = `${cost.memoryCost}:${cost.timeCost}`;
    let dummy = dummyHashes.get(key);
    if (!dummy) dummyHashes.set(key, (dummy = hashPassword("kim-dummy-password", cost)));
    await argon2.verify(await dummy, password);
    return false;
  }
  return argon2.verify(hash, password);
}
