import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
  // Migrations are written against Kysely<any> on purpose: they are frozen and never import app types.
  { files: ["packages/db/src/migrations/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { files: ["apps/web/**/*.tsx", "packages/ui/**/*.tsx"], plugins: { "react-hooks": reactHooks }, rules: reactHooks.configs.recommended.rules },
);
