import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

const api = "http://localhost:3000";
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const landingEntry = page("./src/landing/main.tsx");
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * Every module the landing page loads up front. Filled once the module graph is known (buildEnd runs before
 * chunks are made), so the landing chunk follows the landing page's imports without a hand-kept list.
 */
const landingModules = new Set<string>();
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

function collectLandingModules(): Plugin {
  return {
    name: "kim:landing-modules",
    apply: "build",
    buildEnd() {
      landingModules.clear();
      const visit = (id: string) => {
        const imports = this.getModuleInfo(id)?.importedIds ?? [];
        // The graph counts every import of a barrel such as @kim/domain, used or not. The landing page validates
        // nothing, so zod and the schema modules built on it stay with the forms that use them.
        if (landingModules.has(id) || ZOD.test(id) || imports.some((i) => ZOD.test(i))) return;
        landingModules.add(id);
        for (const next of imports) visit(next);
      };
      visit(landingEntry);
    },
  };
}

/**
 * The app's page (index.html) is what a signed-in visit loads (signed-out visitors to / get landing.html), and every
 * signed-in page is drawn inside the signed-in layout. The router would ask for the layout's code only once the entry
 * has run, and for its imports once that has arrived: two round trips in a row before the shell can draw. This names the
 * layout's and the dashboard's chunks (and what they import) as module preloads in the page itself, and starts the
 * session check, which main.tsx makes first on every load, with the page (same URL and credentials, so the fetch
 * picks up the preloaded answer).
 */
const SHELL_MODULES = [
  /[\\/]src[\\/]routes[\\/]_authed\.tsx\?tsr-split=component$/,
  /[\\/]src[\\/]routes[\\/]index\.tsx\?tsr-split=component$/,
  /[\\/]src[\\/]components[\\/]signed-in-home\.tsx$/,
];
const SESSION_CHECK_URL = "/trpc/auth.user?batch=1&input=%7B%7D";

function preloadSignedInShell(): Plugin {
  return {
    name: "kim:preload-signed-in-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith("index.html")) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === "chunk");
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const wanted = new Set<string>();
        const visit = (file: string) => {
          if (wanted.has(file)) return;
          wanted.add(file);
          for (const next of byName.get(file)?.imports ?? []) visit(next);
        };
        const roots = chunks.filter((c) => c.moduleIds.some((id) => SHELL_MODULES.some((re) => re.test(id))));
        if (roots.length !== SHELL_MODULES.length) throw new Error("kim:preload-signed-in-shell: a shell module's chunk was not found");
        for (const chunk of roots) visit(chunk.fileName);
        const tags = [...wanted]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
        // The tRPC client's fetch sends credentials ("include"): the preload must too, or it would not be used.
        tags.unshift({
          tag: "link",
          attrs: { rel: "preload", as: "fetch", crossorigin: "use-credentials", href: SESSION_CHECK_URL } as never,
          injectTo: "head",
        });
        return { html, tags };
      },
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes x.gz and x.br beside every text file of the build (public files included), at the highest levels, once;
 * the server sends them as they are instead of compressing each response.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "kim:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

export default defineConfig({
  // The router plugin must run before the React plugin so it can split route files.
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    collectLandingModules(),
    preloadSignedInShell(),
    precompress(),
  ],
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
    // Every browser the app supports preloads modules natively; the polyfill would be one more request.
    modulePreload: { polyfill: false },
    // Two pages: the app, and a router-free landing page the API serves to signed-out visitors at /.
    rolldownOptions: {
      input: { app: page("./index.html"), landing: page("./landing.html") },
      output: {
        codeSplitting: {
          groups: [
            // React is shared by both pages; name its chunk for what it holds.
            { name: "react", test: REACT, priority: 3 },
            // Everything else the landing page needs in one file, so it loads in few requests. The app shares this
            // chunk (buttons, icons, class helpers, the landing page itself for signed-out visits to /).
            { name: "public", test: (id) => landingModules.has(id) && id !== landingEntry, priority: 2 },
          ],
        },
      },
    },
  },
});
