import { config } from "zod/v4/core";

// zod compiles object schemas with `new Function`, which the CSP (script-src 'self', no 'unsafe-eval') refuses.
// Must run before any module builds a schema, so main.tsx imports this first. From zod's core, which holds the setting,
// so the entry chunk does not carry all of zod: the schemas load with the pages that use them.
config({ jitless: true });
