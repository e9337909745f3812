import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

const api = "http://localhost:3000";
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  // The router plugin must run before the React plugin so it can split route files.
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    proxy: {
      "/api": api,
      "/trpc": api,
      "/healthz": api,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    // Two pages: the app, and a router-free landing page the API serves to signed-out visitors at /.
    rolldownOptions: {
      input: { app: page("./index.html"), landing: page("./landing.html") },
      // React is shared by both pages; name its chunk for what it holds.
      output: { advancedChunks: { groups: [{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
  },
});
