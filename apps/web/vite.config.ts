import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

const api = "http://localhost:3000";

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
  },
});
