// The web build's service worker (docs/web.md): once the board has loaded, it works offline.
// On install it keeps a copy of every file of the site (files.json, written by the build);
// afterwards each request is answered from the network when there is one (so a new version
// is seen at once) and from the copy when there is none.
const CACHE = 'menagerie-web-v1';

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const files = await (await fetch('files.json', { cache: 'no-cache' })).json();
    await cache.addAll(files);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  // One copy per file: the page's address carries the game in its query.
  url.search = '';
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok) cache.put(url.href, res.clone());
      return res;
    } catch (_) {
      const hit = await cache.match(url.href);
      if (hit) return hit;
      throw _;
    }
  })());
});
