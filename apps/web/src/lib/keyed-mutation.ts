import { useState } from "react";
import { useSingleFlightMutation, type SingleFlightOptions } from "./single-flight-mutation";

/** The tRPC call options that send a call with its idempotency key (lib/trpc sends such a call alone, with the header). */
export interface KeyedCallOptions {
  context: { idempotencyKey: string };
}

/** A random v4 UUID. Not crypto.randomUUID: browsers offer it only over https, and Kim may be served over http on a LAN. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Idempotency keys by intent. An input sent again before it succeeded (a double click, the cook's retry after an
 * error or a lost answer) goes with the key it had, so the server applies it once and answers the first answer; once
 * it succeeded, the same input again is a new intent with a new key (adding a second "Onion" on purpose).
 */
export class IntentKeys {
  private readonly keys = new Map<string, string>();

  async send<T>(input: unknown, call: (options: KeyedCallOptions) => Promise<T>): Promise<T> {
    const body = JSON.stringify(input);
    let key = this.keys.get(body);
    if (key === undefined) {
      key = newIdempotencyKey();
      this.keys.set(body, key);
    }
    const answer = await call({ context: { idempotencyKey: key } });
    this.keys.delete(body);
    return answer;
  }

  /** Lets go of an input's key: its intent went elsewhere with it (kept offline), so the same input again is a new one. */
  forget(input: unknown): void {
    this.keys.delete(JSON.stringify(input));
  }
}

/** A one-call mutation's `send`: the tRPC call (e.g. `utils.client.inventory.create.mutate`) with its input's intent key. */
export const keyed =
  <TInput, TOutput>(call: (input: TInput, options: KeyedCallOptions) => Promise<TOutput>) =>
  (input: TInput, keys: IntentKeys) =>
    keys.send(input, (options) => call(input, options));

/**
 * A create or stock change: `send` makes the call with the key of its intent (`keys.send`), one call at a time per
 * input (useSingleFlightMutation), so a double click sends once and its button is disabled at once.
 */
export function useKeyedMutation<TInput, TOutput>(
  send: (input: TInput, keys: IntentKeys) => Promise<TOutput>,
  options: SingleFlightOptions<TOutput, TInput> = {},
) {
  const [keys] = useState(() => new IntentKeys());
  return useSingleFlightMutation((input: TInput) => send(input, keys), options);
}
