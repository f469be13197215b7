// Menagerie's board page, part 0 (before extras.js and app.js): where the page's API is
// answered. Served by `menagerie gui`, the local server answers it over HTTP, its live events
// as server-sent events. On a static host (the web build, docs/web.md) there is no server: the
// same API is answered by the board's WebAssembly build in a Web Worker (board-worker.js), the
// same Rust code as the server's (board::api), and the games are kept in this browser's
// storage across reloads. app.js asks `backend.fetch` and `backend.eventSource` and does not
// know which answered.
'use strict';

const backend = (() => {
  const SAVED = 'menagerie-game-';
  const AT = 'menagerie-game-at:';  // when each copy was saved
  const KEEP = 24;              // games kept in storage
  let worker = null;
  let nextReq = 1;
  const waiting = new Map();    // request number -> resolve
  const streams = new Set();    // open event streams (worker mode)

  // The server answers /api/variants with JSON; a static host has no such file.
  const mode = (async () => {
    try {
      const r = await fetch('api/variants', { headers: { Accept: 'application/json' } });
      if (r.ok && (r.headers.get('Content-Type') || '').includes('json')) return 'server';
    } catch (_) { /* no server */ }
    startWorker();
    return 'worker';
  })();

  function startWorker() {
    worker = new Worker('board-worker.js', { type: 'module' });
    worker.onmessage = (e) => received(e.data);
    worker.onerror = (e) => console.error('board worker:', e.message || e);
    const saved = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(SAVED) && !k.startsWith(AT)) saved.push(localStorage.getItem(k));
    }
    worker.postMessage({ restore: saved });
    if ('serviceWorker' in navigator && location.protocol !== 'file:') {
      navigator.serviceWorker.register('sw.js').catch(() => {});
    }
  }

  function received(m) {
    // The first answer of the worker: the engine is ready (docs/performance.md measures it).
    if (api.readyMs === null) api.readyMs = performance.now();
    for (const [id, text] of m.events || []) {
      for (const s of streams) if (s.gameId === id && s.onmessage) s.onmessage({ data: text });
    }
    for (const [req, r] of m.replies || []) {
      const resolve = waiting.get(req);
      waiting.delete(req);
      if (resolve) resolve(r);
    }
    for (const [id, text] of m.saved || []) save(id, text);
  }

  // Keeps a game's copy; the oldest copies go when more than KEEP are kept.
  function save(id, text) {
    try {
      localStorage.setItem(SAVED + id, text);
      localStorage.setItem(AT + id, String(Date.now()));
    } catch (_) { return; }
    const games = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(AT)) games.push([Number(localStorage.getItem(k)), k.slice(AT.length)]);
    }
    games.sort((a, b) => b[0] - a[0]);
    for (const [, old] of games.slice(KEEP)) {
      localStorage.removeItem(SAVED + old);
      localStorage.removeItem(AT + old);
    }
  }

  // A Response-like answer of the worker.
  function answer(r) {
    const pgn = !!r.pgn;
    return {
      ok: r.status >= 200 && r.status < 300,
      status: r.status,
      statusText: '',
      headers: { get: (h) => (h.toLowerCase() === 'content-type' ? (pgn ? 'application/x-chess-pgn' : 'application/json') : null) },
      json: async () => JSON.parse(r.body),
      text: async () => r.body,
    };
  }

  // `fetch` for the page's API calls (paths relative to the page: `api/...`).
  async function request(path, opts) {
    if ((await mode) === 'server') return fetch(path, opts);
    const req = nextReq++;
    const target = '/' + path.replace(/^\//, '');
    const done = new Promise((resolve) => waiting.set(req, resolve));
    worker.postMessage({ req, method: (opts && opts.method) || 'GET', target, body: (opts && opts.body) || '' });
    return answer(await done);
  }

  // `new EventSource(url)` for a game's live events.
  function eventSource(url) {
    if (worker === null) return new EventSource(url);
    const m = /games\/([^/]+)\/events/.exec(url);
    const s = {
      gameId: m ? m[1] : '', readyState: 0, onmessage: null, onopen: null, onerror: null,
      close() { this.readyState = 2; streams.delete(this); },
    };
    streams.add(s);
    setTimeout(() => { if (s.readyState === 0) { s.readyState = 1; if (s.onopen) s.onopen(); } }, 0);
    return s;
  }

  const api = { fetch: request, eventSource, mode, readyMs: null };
  return api;
})();
