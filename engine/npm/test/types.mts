// The package's types (index.d.ts) against a program that uses them: `tsc --strict` must accept
// it (engine/npm/ci.sh; never run, only type-checked).
import init, { Board, Engine, variantInfo, validateFen, readGamePGN, Notation } from "menagerie-chess";
const m = await init();
const b: Board = new m.Board("chess");
const moves: string = b.legalMoves();
const ok: boolean = b.push(moves.split(" ")[0]);
b.delete();
const info = variantInfo("magician");
const files: number = info.files;
const n: number = validateFen("8/8 w", "chess");
const g = readGamePGN("1. e4 *");
const line: string = g.mainlineMoves();
const e = await Engine.start((l: string) => void l);
const r = await e.go("startpos", "depth 2");
const best: string = r.bestmove;
const s: 1 = Notation.SAN;
console.log(ok, files, n, line, best, s);
