import { defineConfig } from "tsup";

// Workspace packages are bundled in; npm dependencies stay in node_modules.
export default defineConfig({
  entry: ["src/main.ts", "src/cli.ts"],
  format: "esm",
  target: "node20",
  platform: "node",
  noExternal: [/^@kim\//],
  sourcemap: true,
  clean: true,
});
