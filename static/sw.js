// Service worker: precache the site (list and version made at build time from the
// files' contents), serve from the cache first, drop old caches on activation. A new
// version waits until the page asks it to take over. Pyodide (the bots' worker, the
// manifest's "later" files) is not precached at install: it is cached as the worker
// fetches it, after the first table is drawn, and on the page's "cache-later" message.
const VERSION = "__PRECACHE_VERSION__";
const CACHE = `trick-table-${VERSION}`;
const scope = self.registration.scope;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(new URL("static/precache.json", scope), { cache: "no-cache" });
    const { files } = await response.json();
    const cache = await caches.open(CACHE);
    await cache.addAll(files.map((f) => new URL(f, scope).href));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("trick-table-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

const LATER_PREFIX = new URL("static/vendor/pyodide/", scope).href;

async function cacheLater() {
  const response = await fetch(new URL("static/precache.json", scope), { cache: "no-cache" });
  const { later } = await response.json();
  const cache = await caches.open(CACHE);
  for (const name of later) {
    const url = new URL(name, scope).href;
    if (!(await cache.match(url))) await cache.add(url);
  }
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "cache-later") event.waitUntil(cacheLater());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages are cached once, whatever their query (?game=...&seed=...).
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && request.url.startsWith(LATER_PREFIX)) await cache.put(request, response.clone());
    return response;
  })());
});
