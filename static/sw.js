// Service worker: precache every file of the site (list and version made at
// build time from the files' contents), serve from the cache first, drop old
// caches on activation. A new version waits until the page asks it to take over.
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

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages are cached once, whatever their query (?game=...&seed=...).
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    return fetch(request);
  })());
});
