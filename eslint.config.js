import { builtinModules } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Import boundaries from docs (DESIGN.md): domain <- db <- api; web uses ui, domain and only the
// type of the API's router; nothing imports from an app. e2e/ and bench/ are test code and may reach
// into apps/api/src, so no rule here covers them.
const appsByPath = {
  regex: String.raw`^(\.\./)+apps(/|$)`,
  message: "Nothing imports from an app: move what both sides need into packages/domain.",
};
const appsByName = {
  group: ["@kim/api", "@kim/api/*", "@kim/web", "@kim/web/*"],
  message: "Nothing imports from an app: move what both sides need into packages/domain.",
};
const notInDomain = (what) => `packages/domain is pure (no I/O, no framework): ${what} belongs in packages/db or apps/api.`;
const domainPatterns = [
  appsByPath,
  appsByName,
  { regex: String.raw`^(\.\./)+(packages/)?(db|ui)(/|$)`, message: notInDomain("that code") },
  { group: ["@kim/db", "@kim/db/*", "@kim/ui", "@kim/ui/*"], message: notInDomain("that code") },
  { group: ["kysely/*", "pg/*", "@electric-sql/*"], message: notInDomain("database access") },
  { group: ["@fastify/*", "@trpc/*", "react/*", "react-dom/*"], message: notInDomain("framework code") },
  { group: ["node:*"], message: notInDomain("a Node.js built-in") },
];
// Bare names go in `paths`, which match exactly: as a pattern, "url" would also match "./url".
const domainPaths = [
  ...["kysely", "pg"].map((name) => ({ name, message: notInDomain("database access") })),
  ...["fastify", "react", "react-dom"].map((name) => ({ name, message: notInDomain("framework code") })),
  ...builtinModules.map((name) => ({ name, message: notInDomain("a Node.js built-in") })),
];
const restrictImports = (patterns, paths = []) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns, paths }] });

// Layers inside apps/api run one way (docs/architecture.md): main.ts, cli.ts -> app.ts -> http.ts -> router.ts ->
// features/index.ts -> features/<name>/ -> features/feature.ts, trpc/ -> live/ -> outside/, sessions/ -> lib/ -> config.ts.
// Specifiers are matched as written, so each rule names what lies above the files it covers. Tests and testing/ may
// reach anywhere.
const apiSelf = [
  { group: ["@kim/web", "@kim/web/*"], message: "Nothing imports from an app; the API serves the built SPA from disk." },
  { regex: String.raw`^(\.\./)+(apps/)?web(/|$)`, message: "Nothing imports from an app; the API serves the built SPA from disk." },
];
const notAbove = (layer, names) => ({
  regex: String.raw`^(\.\./)+(${names.join("|")})(/|$)`,
  message: `${layer} lies below what it imported here: move the shared part down (docs/architecture.md says which layer holds what).`,
});
const TOP = ["app", "http", "router", "main", "cli", "client"];
const apiLayers = [
  { files: ["apps/api/src/trpc/**"], names: [...TOP, "features"], layer: "trpc/ (procedures and their context)" },
  { files: ["apps/api/src/live/**"], names: [...TOP, "features", "trpc"], layer: "live/ (live updates)" },
  { files: ["apps/api/src/outside/**"], names: [...TOP, "features", "trpc", "sessions"], layer: "outside/ (clients of other services)" },
  { files: ["apps/api/src/sessions/**"], names: [...TOP, "features", "trpc", "outside"], layer: "sessions/ (the signed-in user)" },
  { files: ["apps/api/src/lib/**"], names: [...TOP, "features", "trpc", "outside", "sessions"], layer: "lib/" },
];
// A feature uses another through its services (service.ts and the like), never its queries (its tables' SQL) nor its
// router or REST table, which only the feature list reads; and no feature imports the list.
const featureRules = [
  ...apiSelf,
  {
    regex: String.raw`^(\.\./)+(${TOP.join("|")})$`,
    message: "Features lie below the app, its HTTP endpoint and router: take what you need as a parameter.",
  },
  {
    regex: String.raw`^(\.\./)*\.\.(/index)?/?$`,
    message: "Only app.ts and router.ts read the feature list; a feature declares its parts in its own line of it.",
  },
  {
    regex: String.raw`^(\.\./)+(?!(lib|trpc|outside|sessions|testing)/)[a-z-]+/(queries|router|rest)$`,
    message:
      "Another feature's queries, router and REST table are its own: call its service.ts, or move what both need into sessions/, outside/ or lib/.",
  },
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/routeTree.gen.ts", "e2e/artifacts/**", "**/.data/**", "apps/web/public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Migrations are written against Kysely<any> on purpose: they are frozen and never import app types. Their tests
  // write tables as they were before a migration, which today's types no longer describe.
  { files: ["packages/db/src/migrations/**", "packages/db/src/migrate.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  {
    files: ["apps/web/**/*.tsx", "packages/ui/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Later entries replace earlier ones for the same files, so packages/domain repeats the packages/* rules.
  { files: ["packages/**"], rules: restrictImports([appsByPath, appsByName]) },
  { files: ["packages/domain/**"], rules: restrictImports(domainPatterns, domainPaths) },
  {
    files: ["apps/web/**"],
    rules: restrictImports([
      {
        group: ["@kim/api", "@kim/api/*"],
        allowTypeImports: true,
        message: "apps/web takes only types from @kim/api (`import type { AppRouter }`); server code never ships to the browser.",
      },
      {
        regex: String.raw`^(\.\./)+(apps/)?api(/|$)`,
        message: "Reach the API through @kim/api with `import type`, not by a relative path into apps/api.",
      },
      {
        group: ["@kim/db", "@kim/db/*"],
        message: "apps/web talks to the database only through the API; shared types come from @kim/domain.",
      },
      { group: ["@kim/web", "@kim/web/*"], message: "Import within apps/web by relative path." },
    ]),
  },
  { files: ["apps/api/**"], rules: restrictImports(apiSelf) },
  ...apiLayers.map(({ files, names, layer }) => ({
    files,
    ignores: ["**/*.test.ts"],
    rules: restrictImports([...apiSelf, notAbove(layer, names)]),
  })),
  { files: ["apps/api/src/features/**"], ignores: ["**/*.test.ts"], rules: restrictImports(featureRules) },
);
