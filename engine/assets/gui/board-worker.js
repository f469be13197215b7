// The web board's back end on a static host (docs/web.md): the board's API and its engine in
// WebAssembly (menagerie.js, engine/wasm's `WebBoard`), on this worker's thread. The page
// (backend.js) posts its requests; a search runs in slices of SLICE_MS, and between slices
// the worker reads its messages, so `stop` and every other request is answered within one
// slice. Each answer carries the replies that are ready, the games' live events, and copies of
// the games a request changed (the page keeps them across reloads).
import init, { WebBoard } from './menagerie.js';

const SLICE_MS = 75;
const early = [];
let handle = (data) => early.push(data);
self.onmessage = (e) => handle(e.data);

await init();
const board = new WebBoard(Math.floor(Math.random() * 2 ** 32));

// A message to itself runs after the messages already waiting.
const channel = new MessageChannel();
let pending = false;
channel.port1.onmessage = () => { pending = false; pump(); };
function later() {
  if (!pending) { pending = true; channel.port2.postMessage(null); }
}

const changed = new Set();   // games whose copy must be saved

function send(text) {
  const out = JSON.parse(text);
  for (const [, r] of out.replies) {
    if (r.status !== 200 || r.pgn) continue;
    try { const v = JSON.parse(r.body); if (v && typeof v.id === 'string') changed.add(v.id); } catch (_) { /* not a state */ }
  }
  out.saved = [];
  for (const id of changed) {
    const s = board.snapshot(id);
    if (s !== undefined) out.saved.push([id, s]);
  }
  changed.clear();
  if (out.replies.length || out.events.length || out.saved.length) self.postMessage(out);
}

function pump() {
  if (!board.searching()) return;
  send(board.think(SLICE_MS));
  later();
}

handle = (m) => {
  if (m.restore) {
    for (const saved of m.restore) {
      try { board.restore(saved); } catch (_) { /* a copy from an older build: dropped */ }
    }
    return;
  }
  send(board.request(m.req, m.method, m.target, m.body));
  later();
};
for (const m of early) handle(m);
