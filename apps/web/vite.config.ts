import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { ROUTE_LISTS, ROUTE_READS, routeBatch } from "./src/lib/list-routes";

const api = "http://localhost:3000";
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const landingEntry = page("./src/landing/main.tsx");
const appEntry = page("./src/main.tsx");
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * Every module the landing page loads up front, and every module the signed-in shell (the app's entry, the signed-in
 * layout and the dashboard) loads up front. Filled once the module graph is known (buildEnd runs before chunks are
 * made), so those chunks follow the pages' imports without a hand-kept list.
 */
const landingModules = new Set<string>();
const shellModules = new Set<string>();
/**
 * Modules only the parts the shell loads later by itself use (the phone's sidebar panel and the desktop's tooltips at
 * idle, the toaster with the first toast), with the names of the parts that do: each part gets a chunk of its own, so
 * loading one on the dashboard brings no page's code and not the other parts.
 */
const shellLaterChunks = new Map<string, string[]>();
const ROUTE_FILE = /[\\/]src[\\/]routes[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/**
 * Our own components and helpers, which many pages share. Those that need no library beyond what the shell has
 * loaded go in one small chunk (`shared`): left to themselves they make a dozen chunks of a few hundred bytes, each a
 * request of its own, and over a phone's link (Lighthouse: 150 ms round trips, 6 connections) requests come in waves.
 */
const OWN_UI = /[\\/](packages[\\/]ui[\\/]src|apps[\\/]web[\\/]src[\\/](components|lib))[\\/]/;
/**
 * The libraries behind dialogs, selects, tabs and switches. They and our components built on them go in a chunk of
 * their own (`widgets`), so a page that draws none of them up front (/inventory: its filter is a native select and its
 * dialogs load when first opened) does not fetch them. Any other library (the virtual grid's, zod, charts, the barcode
 * reader) goes with the pages that use it.
 */
const WIDGET_LIBRARIES =
  /[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/**
 * @kim/domain's index: the graph counts each of its re-exports as imported, so the landing page importing it put every
 * module of the domain the app uses into the landing page's chunk (107 KB against 90). The landing page's modules import
 * the domain's subpaths (`@kim/domain/billing/plans`), or types only.
 */
const DOMAIN_INDEX = /[\\/]packages[\\/]domain[\\/]src[\\/]index\.ts$/;
/** Modules that load, at any depth, a library the shell and landing page have not loaded: a widget library, another. */
const loadsWidgets = new Set<string>();
const loadsOtherLibraries = new Set<string>();

/** The chunk of our components and the widget libraries (see OWN_UI, WIDGET_LIBRARIES); null leaves a module to the pages that use it. */
function sharedChunk(id: string): string | null {
  if (shellLaterChunks.has(id) || loadsOtherLibraries.has(id)) return null;
  if (loadsWidgets.has(id)) return OWN_UI.test(id) || WIDGET_LIBRARIES.test(id) ? "widgets" : null;
  return OWN_UI.test(id) ? "shared" : null;
}

function collectPageModules(): Plugin {
  return {
    name: "kim:page-modules",
    apply: "build",
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      // Static imports from `roots`. The graph counts every import of a barrel such as @kim/domain, used or not; what
      // validates nothing up front leaves zod and the schema modules built on it to the forms that use them.
      const collect = (into: Set<string>, roots: string[]) => {
        into.clear();
        const visit = (id: string) => {
          if (into.has(id) || ZOD.test(id) || imports(id).some((i) => ZOD.test(i))) return;
          into.add(id);
          for (const next of imports(id)) visit(next);
        };
        for (const root of roots) visit(root);
      };
      collect(landingModules, [landingEntry]);
      const barrel = [...landingModules].find((id) => DOMAIN_INDEX.test(id));
      if (barrel) this.error(`The landing page imports @kim/domain's index (${barrel}): import the domain's subpaths there`);
      const ids = [...this.getModuleIds()];
      collect(shellModules, [appEntry, ...ids.filter((id) => SHELL_MODULES.some((re) => re.test(id)))]);
      shellLaterChunks.clear();
      const later = [...shellModules].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      for (const root of new Set(later.filter((id) => !ROUTE_FILE.test(id)))) {
        const part = new Set<string>();
        collect(part, [root]);
        const name = path.basename(root).replace(/\.[^.]*$/, "");
        for (const id of part) if (!shellModules.has(id)) shellLaterChunks.set(id, [...(shellLaterChunks.get(id) ?? []), name]);
      }
      const reaching = (into: Set<string>, library: (id: string) => boolean) => {
        into.clear();
        const checked = new Map<string, boolean>();
        const reaches = (id: string): boolean => {
          const known = checked.get(id);
          if (known !== undefined) return known;
          checked.set(id, false);
          const result = library(id) || imports(id).some(reaches);
          checked.set(id, result);
          return result;
        };
        for (const id of ids) if (reaches(id)) into.add(id);
      };
      const pageLibrary = (id: string) => NODE_MODULES.test(id) && !shellModules.has(id) && !landingModules.has(id);
      reaching(loadsWidgets, (id) => pageLibrary(id) && WIDGET_LIBRARIES.test(id));
      reaching(loadsOtherLibraries, (id) => pageLibrary(id) && !WIDGET_LIBRARIES.test(id));
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
/** A query's URL as the tRPC client sends it alone and without input. */
const trpcQueryUrl = (procedure: string) => `/trpc/${procedure}?batch=1&input=%7B%7D`;
const SESSION_CHECK_URL = trpcQueryUrl("auth.user");
/** How a page preloads a fetch the tRPC client makes: its fetch sends credentials ("include"), so the preload must too. */
const fetchPreload = (url: string, attributes = "") =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replaceAll("&", "&amp;")}"${attributes}>`;

/** A build-only plugin whose hooks know the build's output folder. */
function withOutDir(name: string, hooks: (outDir: () => string) => Omit<Plugin, "name" | "apply" | "configResolved">): Plugin {
  let outDir = "";
  return {
    name,
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    ...hooks(() => outDir),
  };
}

type OutputChunk = Extract<Rollup.OutputBundle[string], { type: "chunk" }>;

/** The bundle's script chunks (not its assets). */
const chunksOf = (bundle: Rollup.OutputBundle): OutputChunk[] => Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");

/** The files of `roots` and of every chunk they import statically, at any depth. */
function staticImports(chunks: OutputChunk[], roots: OutputChunk[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const next of byName.get(file)?.imports ?? []) visit(next);
  };
  for (const chunk of roots) visit(chunk.fileName);
  return found;
}

// A route file's page component, as the router plugin splits it: "_authed/recipes/index" of src/routes.
const ROUTE_COMPONENT = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=component$/;

/** The URL path a route file serves ("_authed/recipes/index" -> "recipes", "cooking/$id"), "" for / and layouts. */
function routePath(file: string): string {
  // Segments starting with "_" are layouts without a path of their own (_authed) and the root (__root).
  const segments = file.split("/").filter((segment) => !segment.startsWith("_"));
  if (segments.at(-1) === "index") segments.pop();
  return segments.join("/");
}

/**
 * A page for each route of its own (pages/inventory.html for /inventory, pages/cooking/$id.html for /cooking/:id):
 * index.html with that route's chunks as module preloads as well (and its list, for ROUTE_LISTS), so a visit straight
 * to the page fetches its code and data beside the entry's instead of once the entry has run. The server picks the
 * page for a path (apps/api/src/lib/app-pages.ts).
 */
function routePages(): Plugin {
  return withOutDir("kim:route-pages", (outDir) => ({
    // After the files are written (index.html among them), before closeBundle compresses them.
    async writeBundle(_options, bundle) {
      const index = await readFile(path.join(outDir(), "index.html"), "utf8");
      if (!index.includes("  </head>")) throw new Error("kim:route-pages: index.html has no '  </head>' line to add to");
      const chunks = chunksOf(bundle);
      const routes = new Map<string, OutputChunk[]>();
      for (const chunk of chunks)
        for (const id of chunk.moduleIds) {
          const file = ROUTE_COMPONENT.exec(id)?.[1]?.replaceAll("\\", "/");
          const route = file === undefined ? "" : routePath(file);
          if (route) routes.set(route, [...(routes.get(route) ?? []), chunk]);
        }
      const unknown = [...Object.keys(ROUTE_LISTS), ...Object.keys(ROUTE_READS)].filter((route) => !routes.has(route));
      if (unknown.length) throw new Error(`kim:route-pages: ROUTE_LISTS or ROUTE_READS names no route: ${unknown.join(", ")}`);
      const routeRead = (await readFile(page("./route-read.js"), "utf8")).trimEnd();
      await Promise.all(
        [...routes].map(async ([route, roots]) => {
          // Alone in its batch (main.tsx sends the session check first, on its own), without input.
          const list = Object.hasOwn(ROUTE_LISTS, route) ? routeBatch(route as keyof typeof ROUTE_LISTS) : undefined;
          // Low priority: nothing of the page can draw before the shell's code has run, so the shell's files go
          // first over a slow link (six connections, one queue), and the page's code and data follow at once.
          const low = ' fetchpriority="low"';
          // The page's read, for ROUTE_READS: an inline script (the API allows it by its hash, read from the pages).
          const read = Object.hasOwn(ROUTE_READS, route) ? ROUTE_READS[route as keyof typeof ROUTE_READS] : undefined;
          const call = read && [route, read.procedure, read.input].map((arg) => JSON.stringify(arg)).join(", ");
          const links = [
            ...(list ? [fetchPreload(trpcQueryUrl(list), low)] : []),
            ...(call ? [`<script>(function () {\n${routeRead}\nrouteRead(${call});\n})();</script>`] : []),
            ...[...staticImports(chunks, roots)]
              .filter((file) => !index.includes(`/${file}"`))
              .map((file) => `<link rel="modulepreload" crossorigin href="/${file}"${low}>`),
          ]
            .map((link) => `    ${link}\n`)
            .join("");
          const file = path.join(outDir(), "pages", `${route}.html`);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, index.replace("  </head>", `${links}  </head>`));
        }),
      );
    },
  }));
}

/**
 * What both pages run and draw before their code arrives, each written once and inlined in their head where its
 * comment stands: the theme (a classic script, so the page never paints in the wrong theme; the API allows it by its
 * hash, apps/api/src/lib/app-pages.ts) and the loading bar's style.
 */
const INLINED = [
  {
    comment: "<!-- theme-init.js: sets the theme class before first paint (inlined by the kim:inline-head build step) -->",
    file: "./theme-init.js",
    tag: "script",
  },
  {
    comment: "<!-- boot-indicator.html: a sign of life on a slow link (drawn by the kim:boot-indicator build step) -->",
    file: "./boot-indicator.html",
    tag: null,
  },
] as const;

function inlineHead(): Plugin {
  return {
    name: "kim:inline-head",
    transformIndexHtml: {
      order: "pre",
      async handler(html, ctx) {
        for (const { comment, file, tag } of INLINED) {
          if (!html.includes(comment)) throw new Error(`kim:inline-head: ${ctx.filename} has no place for ${file}`);
          const text = (await readFile(page(file), "utf8")).trimEnd();
          html = html.replace(comment, () => (tag ? `<${tag}>${text}</${tag}>` : text.replaceAll("\n", "\n    ")));
        }
        return html;
      },
    },
  };
}

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * Moves the page's stylesheets from its head to the end of its body. In the head they would keep the page from painting
 * anything until they arrive (over slow 3G, a round trip and more after the HTML); after #root, Chromium paints what
 * comes before them (the loading bar) at once, and the app's scripts still wait for them before they run.
 */
function stylesheetsAfterRoot(): Plugin {
  return {
    name: "kim:stylesheets-after-root",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const [head = "", body = ""] = html.split("</head>");
        const links = head.match(STYLESHEET) ?? [];
        if (!links.length || !body.includes("</body>"))
          throw new Error(`kim:stylesheets-after-root: ${ctx.filename} has no stylesheet to move`);
        return `${head.replace(STYLESHEET, "")}</head>${body.replace("</body>", `${links.map((l) => `  ${l.trim()}`).join("\n")}\n  </body>`)}`;
      },
    },
  };
}

function preloadSignedInShell(): Plugin {
  return {
    name: "kim:preload-signed-in-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith("index.html")) return html;
        const chunks = chunksOf(ctx.bundle);
        const roots = chunks.filter((c) => c.moduleIds.some((id) => SHELL_MODULES.some((re) => re.test(id))));
        if (!SHELL_MODULES.every((re) => roots.some((c) => c.moduleIds.some((id) => re.test(id)))))
          throw new Error("kim:preload-signed-in-shell: a shell module's chunk was not found");
        const tags = [...staticImports(chunks, roots)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
        // Credentials as the tRPC client's fetch sends them (see fetchPreload), or the preload would not be used.
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

/** The build's files a signed-in page may need offline: not the landing page, not compressed copies or maps. */
const NOT_PRECACHED = /(\.(br|gz|map)$)|^(landing\.html|robots\.txt|sw\.js)$/;

/**
 * Writes dist/sw.js from service-worker.js with the build's files to store on install and a version made of their
 * names and pages (decision 0038): a deploy changes the version, so open pages see a new service worker waiting.
 * After the other steps have written their files (pages/, compile hints), before precompress compresses sw.js too.
 */
function serviceWorker(): Plugin {
  return withOutDir("kim:service-worker", (outDir) => ({
    writeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = (await readdir(outDir(), { recursive: true, withFileTypes: true }))
          .filter((f) => f.isFile())
          .map((f) => path.relative(outDir(), path.join(f.parentPath, f.name)).split(path.sep).join("/"))
          .filter((file) => !NOT_PRECACHED.test(file))
          .sort();
        const hash = createHash("sha256");
        // Hashed assets change name with their content; the rest are hashed whole.
        for (const file of files) hash.update(file.startsWith("assets/") ? file : await readFile(path.join(outDir(), file)));
        const source = await readFile(page("./service-worker.js"), "utf8");
        const filled = source
          .replace("[]; /* kim:precache */", `${JSON.stringify(files)};`)
          .replace('"dev"; /* kim:version */', `${JSON.stringify(hash.digest("hex").slice(0, 16))};`);
        if (filled.includes("/* kim:")) throw new Error("kim:service-worker: service-worker.js lost a placeholder");
        await writeFile(path.join(outDir(), "sw.js"), filled);
      },
    },
  }));
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes x.gz and x.br beside every text file of the build (public files included), at the highest levels, once;
 * the server sends them as they are instead of compressing each response.
 */
function precompress(): Plugin {
  return withOutDir("kim:precompress", (outDir) => ({
    async closeBundle() {
      const files = (await readdir(outDir(), { recursive: true, withFileTypes: true }))
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
  }));
}

/** V8's explicit compile hint (Chrome 136 and later), as the first line of a script. */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks every chunk a page loads up front (the entries, each route's page and what they import, the parts the shell
 * loads by itself) with V8's compile hint, so V8 compiles their functions while the file streams in, off the main
 * thread, instead of stopping the page to compile each one when it is first called (Lighthouse's blocking time on
 * /inventory fell by a third in a same-run A/B). Chunks only loaded later, on demand (dialogs, the barcode reader),
 * stay lazily compiled. Written over the files (after vite has put its own first line, the preload map, in front of
 * some of them) before precompress compresses them.
 */
function compileHints(): Plugin {
  return withOutDir("kim:compile-hints", (outDir) => ({
    async writeBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const roots = chunks.filter((c) => c.isEntry || c.moduleIds.some((id) => ROUTE_COMPONENT.test(id) || shellLaterChunks.has(id)));
      const upFront = staticImports(chunks, roots);
      // A chunk's code as written, vite's preload map included.
      await Promise.all(
        chunks.filter((c) => upFront.has(c.fileName)).map((c) => writeFile(path.join(outDir(), c.fileName), COMPILE_HINT + c.code)),
      );
    },
  }));
}

export default defineConfig({
  // The router plugin must run before the React plugin so it can split route files.
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    collectPageModules(),
    inlineHead(),
    preloadSignedInShell(),
    stylesheetsAfterRoot(),
    routePages(),
    compileHints(),
    serviceWorker(),
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
            // The signed-in shell in one file beside the entry, and what many pages share in two more (sharedChunk).
            { name: "shell", test: (id) => shellModules.has(id) && id !== appEntry, priority: 1 },
            { name: (id) => shellLaterChunks.get(id)?.sort().join("-") ?? null, priority: 1 },
            { name: sharedChunk, priority: 0 },
          ],
        },
      },
    },
  },
});
