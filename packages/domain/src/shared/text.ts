import { z } from "zod";

// PostgreSQL's text refuses NUL outright (a 500 if it gets that far), and jsonb refuses NUL and lone
// UTF-16 surrogates alike (JSON.stringify writes them as \u escapes). In a text column the driver
// silently swaps a lone surrogate for U+FFFD, so refusing it too keeps what we save equal to what was sent.
// With the u flag a well-formed surrogate pair is one code point and does not match the class.
const UNSTORABLE = /[\0\uD800-\uDFFF]/u;

/**
 * A string field PostgreSQL can store, in text and in jsonb. Every string in an input schema starts
 * here; `label` names the field in messages ("Name is required", "Name must be text",
 * "Name contains a character that can't be saved"). Checks chained after it still run (so it works
 * inside a union), but this one comes first, so its message is the first issue.
 */
export function storableText(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .refine((value) => !UNSTORABLE.test(value), `${label} contains a character that can't be saved`);
}
