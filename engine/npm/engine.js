// The Menagerie engine in a Worker: a Web Worker in a browser, a worker thread in Node. It
// speaks UCI over messages, as Stockfish.js does; `stop` is honoured within one search slice
// (worker.js), with no SharedArrayBuffer, so a page needs no special headers.

const isNode = typeof process !== "undefined" && !!process.versions?.node;

export class Engine {
  /** Use `await Engine.start()`. */
  constructor(worker, onLine) {
    this.worker = worker;
    this.listeners = new Set();
    if (onLine) this.listeners.add(onLine);
    const receive = (data) => {
      for (const line of String(data).split("\n")) {
        for (const l of [...this.listeners]) l(line);
      }
    };
    if (isNode) worker.on("message", receive);
    else worker.onmessage = (e) => receive(e.data);
  }

  /**
   * Starts the engine in a new worker and waits for its `uciok`. `onLine`, if given, hears
   * every line the engine writes.
   */
  static async start(onLine) {
    const url = new URL("./worker.js", import.meta.url);
    let worker;
    if (isNode) {
      const { Worker } = await import("node:worker_threads");
      worker = new Worker(url);
    } else {
      worker = new Worker(url, { type: "module" });
    }
    const engine = new Engine(worker, onLine);
    await engine.until("uci", (l) => l === "uciok");
    return engine;
  }

  /** Sends one UCI command. */
  send(line) {
    this.worker.postMessage(String(line));
  }

  /** Adds a listener of the engine's lines; returns a function that removes it. */
  onLine(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends `command` and resolves with the lines the engine writes up to and including the
   * first for which `done` is true.
   */
  until(command, done) {
    return new Promise((resolve) => {
      const lines = [];
      const off = this.onLine((l) => {
        lines.push(l);
        if (done(l)) {
          off();
          resolve(lines);
        }
      });
      this.send(command);
    });
  }

  /** Waits until the engine has read every earlier command (`isready` / `readyok`). */
  async ready() {
    await this.until("isready", (l) => l === "readyok");
  }

  /**
   * Searches: `position` is a UCI `position` command's arguments (`startpos moves e2e4`),
   * `go` a `go` command's (`depth 8`, `movetime 500`). Resolves with the `bestmove`, its
   * expected reply and the `info` lines.
   */
  async go(position, go = "depth 8") {
    this.send(`position ${position}`);
    const lines = await this.until(`go ${go}`, (l) => l.startsWith("bestmove"));
    const last = lines[lines.length - 1].split(" ");
    return {
      bestmove: last[1],
      ponder: last[3],
      info: lines.filter((l) => l.startsWith("info depth")),
    };
  }

  /** Stops the search under way (its `bestmove` follows). */
  stop() {
    this.send("stop");
  }

  /** Ends the worker. */
  async quit() {
    if (isNode) await this.worker.terminate();
    else this.worker.terminate();
  }
}
