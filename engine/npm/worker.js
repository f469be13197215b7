// The engine's worker (a Web Worker or a Node worker thread): UCI lines in, UCI lines out.
// A search runs in slices of SLICE_MS on this thread; between slices the worker reads its
// messages, so `stop` (and anything else) is answered within one slice.
import initWasm, { initSync, UciEngine } from "./pkg/menagerie.js";

const SLICE_MS = 75;
const isNode = typeof process !== "undefined" && !!process.versions?.node;

// Messages that arrive while the module loads wait here: a Web Worker drops a message that
// finds no listener, so the listener is there before the first `await`.
const early = [];
let handle = (data) => early.push(data);
if (!isNode) {
  self.onmessage = (e) => handle(e.data);
}

let post;
let later;
if (isNode) {
  const { parentPort } = await import("node:worker_threads");
  parentPort.on("message", (data) => handle(data));
  const { readFileSync } = await import("node:fs");
  initSync({ module: readFileSync(new URL("./pkg/menagerie_bg.wasm", import.meta.url)) });
  post = (line) => parentPort.postMessage(line);
  later = (f) => setImmediate(f);
} else {
  await initWasm();
  post = (line) => self.postMessage(line);
  // A message to itself runs after the messages already waiting (setTimeout would wait 4 ms).
  const channel = new MessageChannel();
  let waiting = null;
  channel.port1.onmessage = () => {
    const f = waiting;
    waiting = null;
    if (f) f();
  };
  later = (f) => {
    waiting = f;
    channel.port2.postMessage(null);
  };
}

const engine = new UciEngine();
let scheduled = false;

function emit(text) {
  if (text) post(text);
}

function step() {
  scheduled = false;
  if (!engine.searching()) return;
  emit(engine.think(SLICE_MS));
  schedule();
}

function schedule() {
  if (!scheduled && engine.searching()) {
    scheduled = true;
    later(step);
  }
}

handle = (data) => {
  for (const line of String(data).split("\n")) {
    if (line.trim() === "quit") {
      if (isNode) process.exit(0);
      else self.close();
      return;
    }
    emit(engine.command(line));
  }
  schedule();
};
for (const data of early.splice(0)) handle(data);
