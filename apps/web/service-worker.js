// Kim's service worker (decision 0038). The build (kim:service-worker in vite.config.ts) writes it to dist/sw.js with
// PRECACHE, the build's files, and VERSION, a hash of them, filled in. Plain JavaScript: it is not part of the app's
// bundle and runs in a worker's global scope.
/// <reference lib="webworker" />
/* global self, caches, fetch, Response, URL, setTimeout, clearTimeout */

/** @type {string[]} */
const PRECACHE = []; /* kim:precache */
const VERSION = "dev"; /* kim:version */

const CODE_CACHE = `kim-code-${VERSION}`;
/** The last answer of each tRPC query the page had, kept across deploys; emptied when the cook signs out. */
const DATA_CACHE = "kim-data";
/** A page asked for over a slow link gets the stored app after this long: it is the same app, served from the phone. */
const NAVIGATION_TIMEOUT_MS = 5000;

self.addEventListener("install", (event) => {
  // The new code is stored, but the old service worker stays in charge of open pages until the cook reloads
  // (see the "skip-waiting" message): the old code keeps running against its own files.
  event.waitUntil(caches.open(CODE_CACHE).then((cache) => cache.addAll(PRECACHE.map((file) => `/${file}`))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("kim-code-") && n !== CODE_CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  // The cook chose "Reload" on the new-version prompt.
  if (event.data === "skip-waiting") void self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/trpc/")) event.respondWith(data(request));
  else if (PRECACHE.includes(url.pathname.slice(1))) event.respondWith(code(request));
});

/** The build's files never change under one name: from the cache, else (not yet stored) the network. */
async function code(request) {
  return (await caches.match(request, { cacheName: CODE_CACHE, ignoreVary: true })) ?? fetch(request);
}

/** A page from the server (it picks the landing page or the app, and renews the session), else the stored app. */
async function page(request) {
  const network = fetch(request);
  const stored = await caches.match("/index.html", { cacheName: CODE_CACHE, ignoreVary: true });
  if (!stored) return network;
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(stored.clone()), NAVIGATION_TIMEOUT_MS)));
  try {
    return await Promise.race([network, late]);
  } catch {
    return stored;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address the page keeps a query's last answer under (lib/offline/kept-answers.ts writes them, with the same
 * key): per procedure and input, so an offline batch is answered however its calls were grouped.
 */
const answerKey = (procedure, input) => `/kim-answer/${procedure}?input=${encodeURIComponent(JSON.stringify(input ?? null))}`;

/** A batch of queries from the server; offline, their kept answers (all of them, or the failure). */
async function data(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const url = new URL(request.url);
    const procedures = url.pathname.slice("/trpc/".length).split(",");
    const inputs = JSON.parse(url.searchParams.get("input") ?? "{}");
    const cache = await caches.open(DATA_CACHE);
    const kept = await Promise.all(procedures.map((p, i) => cache.match(answerKey(decodeURIComponent(p), inputs[i]))));
    if (kept.some((answer) => !answer)) throw error;
    const answers = await Promise.all(kept.map((answer) => answer.json()));
    return new Response(JSON.stringify(answers.map((data) => ({ result: { data } }))), {
      headers: { "content-type": "application/json" },
    });
  }
}
