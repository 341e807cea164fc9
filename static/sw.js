// Service worker: precache the site (list and version made at build time from the
// files' contents), serve from the cache first, drop old caches on activation. A new
// version waits until the page asks it to take over. Pyodide (the bots' worker, the
// manifest's "later" files) is not precached at install: it is cached as the worker
// fetches it, after the first table is drawn, and on the page's "cache-later" message.
// The page's offline status line asks this worker what its cache holds ("offline-status",
// answered on the message's port) and hears "offline-changed" when that grows.
const VERSION = "__PRECACHE_VERSION__";
const CACHE = `trick-table-${VERSION}`;
const scope = self.registration.scope;
// The manifest is kept in the cache too, so the status and "cache-later" work offline.
const MANIFEST = new URL("static/precache.json", scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(MANIFEST, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${MANIFEST}: ${response.status}`);
    const cache = await caches.open(CACHE);
    const { files } = await response.clone().json();
    await cache.addAll(files.map((f) => new URL(f, scope).href));
    await cache.put(MANIFEST, response);  // last: its presence says the install completed
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

async function manifest(cache) {
  const kept = await cache.match(MANIFEST);
  if (kept) return kept.json();
  const response = await fetch(MANIFEST, { cache: "no-cache" });
  return response.json();
}

// Tell the pages (controlled or not yet) that the cache grew: they ask for the status again.
async function announce() {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage("offline-changed");
  }
}

async function cacheLater() {
  const cache = await caches.open(CACHE);
  const { later } = await manifest(cache);
  for (const name of later) {
    const url = new URL(name, scope).href;
    if (!(await cache.match(url))) await cache.add(url);
  }
  await announce();
}

// What this worker's cache holds of each list: how many entries are missing, and the
// download sizes (the manifest's, from tasks.py) of the cached and the missing ones.
async function offlineStatus() {
  const cache = await caches.open(CACHE);
  const found = await manifest(cache);
  const sizes = found.sizes || {};
  const tally = async (names) => {
    const part = { count: names.length, missing: 0, cached_bytes: 0, missing_bytes: 0 };
    for (const name of names) {
      const size = sizes[name] || 0;
      if (await cache.match(new URL(name, scope).href)) part.cached_bytes += size;
      else { part.missing += 1; part.missing_bytes += size; }
    }
    return part;
  };
  const installed = Boolean(await cache.match(MANIFEST));
  return { version: VERSION, installed, files: await tally(found.files), later: await tally(found.later) };
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "cache-later") event.waitUntil(cacheLater());
  if (event.data === "offline-status" && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(offlineStatus().then(
      (status) => port.postMessage(status),
      (error) => port.postMessage({ error: String(error) }),
    ));
  }
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
    if (response.ok && request.url.startsWith(LATER_PREFIX)) {
      await cache.put(request, response.clone());
      event.waitUntil(announce());
    }
    return response;
  })());
});
