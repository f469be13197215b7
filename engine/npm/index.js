// menagerie-chess: Menagerie's rules with ffish.js's API, and the engine in a Worker
// (docs/javascript.md). The rules and the engine are the WebAssembly build of the Rust crates
// (engine/wasm); this file only loads it and adds the few conveniences ffish.js users expect.
import initWasm, * as wasm from "./pkg/menagerie.js";

import { Engine } from "./engine.js";

export { Engine };

const isNode = typeof process !== "undefined" && !!process.versions?.node;
let loading = null;

/**
 * Loads the WebAssembly module (once; later calls return the same promise) and resolves to
 * the module's API. In Node the module is read from the package; in a browser it is fetched
 * beside this file, or from `input` (a URL, a Response, bytes or a compiled module).
 */
export function init(input) {
  if (!loading) {
    loading = (async () => {
      if (input === undefined && isNode) {
        const { readFile } = await import("node:fs/promises");
        const bytes = await readFile(new URL("./pkg/menagerie_bg.wasm", import.meta.url));
        wasm.initSync({ module: bytes });
      } else {
        await initWasm(input === undefined ? undefined : { module_or_path: input });
      }
      return api;
    })();
  }
  return loading;
}

// ffish.js's objects are freed with `delete()`; wasm-bindgen's with `free()`.
wasm.Board.prototype.delete = function () {
  this.free();
};
wasm.Game.prototype.delete = function () {
  this.free();
};
/** The variant table's entry of this board's variant, as plain data. */
wasm.Board.prototype.variantInfo = function () {
  return JSON.parse(this.variantInfoJson());
};

export const Board = wasm.Board;
export const Game = wasm.Game;
export const variants = wasm.variants;
export const startingFen = wasm.startingFen;
export const validateFen = wasm.validateFen;
export const readGamePGN = wasm.readGamePGN;
export const info = wasm.info;
export const setOption = wasm.setOption;
/** The search bench's lines at `depth` (`menagerie bench`'s, without the times). */
export const benchLines = wasm.benchLines;

/** The variant table's entry of `variant` (board shape, pieces, move forms, start FEN). */
export function variantInfo(variant) {
  return JSON.parse(wasm.variantInfoJson(variant));
}

/** ffish.js's notations of `sanMove`; Menagerie writes DEFAULT and SAN (its algebraic text). */
export const Notation = Object.freeze({
  DEFAULT: 0,
  SAN: 1,
  LAN: 2,
  SHOGI_HOSKING: 3,
  SHOGI_HODGES: 4,
  SHOGI_HODGES_NUMBER: 5,
  JANGGI: 6,
  XIANGQI_WXF: 7,
  THAI_SAN: 8,
  THAI_LAN: 9,
});

const api = {
  Board,
  Game,
  Engine,
  Notation,
  variants,
  startingFen,
  validateFen,
  readGamePGN,
  info,
  setOption,
  variantInfo,
  benchLines,
};

export default init;
