import argon2 from "argon2";

// argon2id with the library's defaults (64 MiB, 3 passes); it runs on libuv's thread pool, off the event loop.
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without a hash (unknown email, or an account that has no password
 * yet) it verifies against a dummy, so every failed login costs the same work.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("kim-dummy-password");
    await argon2.verify(await dummyHash, password);
    return false;
  }
  return argon2.verify(hash, password);
}
