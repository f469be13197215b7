// The package against the library it stands in for: ffish.js 0.7.10 (npm `ffish`), on chess
// over 2,000+ positions reached by seeded random play and the public perft positions: the same
// legal move sets, FENs, SAN, check, capture and game results, and validateFen's verdict (OK or
// not) on valid and broken FENs. Skipped with a message where `ffish` is not installed; every
// difference that remains is listed in docs/javascript.md.
import test from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import init, { Board, validateFen } from "menagerie-chess";

await init();

async function loadFfish() {
  try {
    // ffish's loader prefers fetch, which Node 20 has but cannot use on a file path.
    delete globalThis.fetch;
    const ff = createRequire(import.meta.url)("ffish");
    await new Promise((resolve) => {
      if (ff.calledRun) resolve();
      else ff.onRuntimeInitialized = resolve;
    });
    return ff;
  } catch {
    return null;
  }
}
const ff = await loadFfish();

/** A small seeded generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sorted = (s) => (s ? s.split(" ").sort() : []);

/** Each legal move with its SAN, from one library's `legalMoves` and `legalMovesSan`. */
function sans(board) {
  const moves = board.legalMoves().split(" ");
  const san = board.legalMovesSan().split(" ");
  return new Map(moves.map((m, i) => [m, san[i]]));
}

/**
 * Compares the two boards, which stand in the same position: FEN, legal moves with their SAN,
 * check, the end; `captures` also compares isCapture and sanMove of every move.
 */
function compare(ours, theirs, where, captures) {
  assert.equal(ours.fen(), theirs.fen(), `FEN ${where}`);
  const moves = sorted(ours.legalMoves());
  assert.deepEqual(moves, sorted(theirs.legalMoves()), `moves ${where}`);
  if (moves.length > 0) assert.deepEqual(sans(ours), sans(theirs), `SAN ${where}`);
  assert.equal(ours.isCheck(), theirs.isCheck(), `check ${where}`);
  assert.equal(ours.isGameOver(), theirs.isGameOver(), `game over ${where}`);
  assert.equal(ours.result(), theirs.result(), `result ${where}`);
  if (captures) {
    for (const m of moves) {
      assert.equal(ours.isCapture(m), theirs.isCapture(m), `capture ${m} ${where}`);
      assert.equal(ours.sanMove(m), theirs.sanMove(m), `sanMove ${m} ${where}`);
    }
  }
  return moves;
}

test("chess: 2,000 positions of seeded random play", (t) => {
  if (!ff) {
    t.skip("SKIPPED: npm package ffish is not installed (npm install ffish@0.7.10)");
    return;
  }
  const next = random(2026);
  let positions = 0;
  for (let game = 0; positions < 2000; game++) {
    const ours = new Board("chess");
    const theirs = new ff.Board("chess");
    for (let ply = 0; ply < 200; ply++) {
      const where = `game ${game} ply ${ply} ${ours.fen()}`;
      const moves = compare(ours, theirs, where, positions % 10 === 0);
      positions += 1;
      if (moves.length === 0 || ours.isGameOver()) break;
      const m = moves[Math.floor(next() * moves.length)];
      assert.ok(ours.push(m) && theirs.push(m), m);
    }
    ours.delete();
    theirs.delete();
  }
  console.log(`${positions} positions compared with ffish`);
});

test("chess: the public perft positions and validateFen", (t) => {
  if (!ff) {
    t.skip("SKIPPED: npm package ffish is not installed");
    return;
  }
  const root = process.env.MENAGERIE_ROOT;
  const fens = root
    ? readFileSync(join(root, "tests", "data", "chess.perft"), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("epd "))
        .map((l) => l.slice(4).trim())
    : ["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"];
  for (const fen of fens) {
    const ours = new Board("chess", fen);
    const theirs = new ff.Board("chess", fen);
    compare(ours, theirs, fen, true);
    ours.delete();
    theirs.delete();
  }
  const broken = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  ];
  for (const fen of [...fens, ...broken]) {
    assert.equal(validateFen(fen, "chess") === 1, ff.validateFen(fen, "chess") === 1, fen);
  }
});
