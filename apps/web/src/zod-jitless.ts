import { config } from "zod";

// zod compiles object schemas with `new Function`, which the CSP (script-src 'self', no 'unsafe-eval') refuses.
// Must run before any module builds a schema, so main.tsx imports this first.
config({ jitless: true });
