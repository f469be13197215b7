// Types of menagerie-chess (docs/javascript.md). The classes and functions of the WebAssembly
// build are typed by wasm-bindgen in pkg/menagerie.d.ts; this file adds what index.js adds.
import type { Board, Game } from "./pkg/menagerie.js";

export {
  Board,
  Game,
  benchLines,
  info,
  readGamePGN,
  setOption,
  startingFen,
  validateFen,
  variants,
} from "./pkg/menagerie.js";

declare module "./pkg/menagerie.js" {
  interface Board {
    /** Frees the board (ffish.js's name for `free`). */
    delete(): void;
    /** The variant table's entry of this board's variant. */
    variantInfo(): VariantInfo;
  }
  interface Game {
    /** Frees the game (ffish.js's name for `free`). */
    delete(): void;
  }
}

/** A piece of a variant's table. */
export interface PieceInfo {
  /** The FEN letter. */
  letter: string;
  /** The piece's name. */
  name: string;
  /** How it moves, in words. */
  moves: string;
}

/** A variant's table entry: board shape, pieces with their names and moves, move forms. */
export interface VariantInfo {
  id: string;
  title: string;
  files: number;
  ranks: number;
  pieces: PieceInfo[];
  forms: unknown[];
  start_fen: string | null;
  [key: string]: unknown;
}

/** The module's API, which `init` resolves to. */
export interface Menagerie {
  Board: typeof Board;
  Game: typeof Game;
  Engine: typeof Engine;
  Notation: typeof Notation;
  variants(): string;
  startingFen(variant: string): string;
  validateFen(fen: string, variant?: string, chess960?: boolean): number;
  readGamePGN(pgn: string): Game;
  info(): string;
  setOption(name: string, value: string): void;
  variantInfo(variant: string): VariantInfo;
  benchLines(depth: number): string;
}

/**
 * Loads the WebAssembly module once (in Node from the package, in a browser beside this file
 * or from `input`) and resolves to the API.
 */
export function init(input?: RequestInfo | URL | Response | BufferSource | WebAssembly.Module): Promise<Menagerie>;
export default init;

/** The variant table's entry of `variant`. */
export function variantInfo(variant: string): VariantInfo;

/** ffish.js's notations; Menagerie writes DEFAULT and SAN. */
export declare const Notation: Readonly<{
  DEFAULT: 0;
  SAN: 1;
  LAN: 2;
  SHOGI_HOSKING: 3;
  SHOGI_HODGES: 4;
  SHOGI_HODGES_NUMBER: 5;
  JANGGI: 6;
  XIANGQI_WXF: 7;
  THAI_SAN: 8;
  THAI_LAN: 9;
}>;

/** What `Engine.go` resolves to. */
export interface SearchResult {
  bestmove: string;
  ponder?: string;
  info: string[];
}

/** The engine in a Worker (browser) or worker thread (Node), spoken to in UCI. */
export declare class Engine {
  /** Starts the engine and waits for its `uciok`; `onLine` hears every line it writes. */
  static start(onLine?: (line: string) => void): Promise<Engine>;
  /** Sends one UCI command. */
  send(line: string): void;
  /** Adds a listener of the engine's lines; returns a function that removes it. */
  onLine(listener: (line: string) => void): () => void;
  /** Sends `command`, resolves with the lines up to the first for which `done` is true. */
  until(command: string, done: (line: string) => boolean): Promise<string[]>;
  /** Waits until the engine has read every earlier command. */
  ready(): Promise<void>;
  /** `position <position>` then `go <go>`; resolves with the best move and the info lines. */
  go(position: string, go?: string): Promise<SearchResult>;
  /** Stops the search under way. */
  stop(): void;
  /** Ends the worker. */
  quit(): Promise<void>;
}
