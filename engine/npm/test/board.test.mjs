// The package's rules: ffish.js's Board API in every variant, the perft files through the
// package, errors with kinds. Run from the installed tarball (engine/npm/ci.sh); the perft
// files are read from MENAGERIE_ROOT (the repository), skipped with a message without it.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import init, {
  Board,
  variants,
  startingFen,
  validateFen,
  readGamePGN,
  variantInfo,
  setOption,
} from "menagerie-chess";

await init();

test("every variant starts, plays, takes back and knows its table entry", () => {
  const ids = variants().split(" ");
  assert.deepEqual(ids, [
    "chess",
    "eightpiece",
    "eightpiece-random",
    "pieceeater",
    "magician",
    "tamerspiel",
    "jumpingknights",
  ]);
  for (const v of ids) {
    const b = new Board(v);
    const fen = b.fen();
    assert.equal(startingFen(v), fen, v);
    assert.equal(validateFen(fen, v), 1, v);
    const moves = b.legalMoves().split(" ");
    assert.equal(moves.length, b.numberLegalMoves(), v);
    assert.equal(b.legalMovesSan().split(" ").length, moves.length, v);
    assert.ok(b.push(moves[0]), `${v} ${moves[0]}`);
    assert.equal(b.moveStack(), moves[0]);
    assert.equal(b.turn(), false);
    b.pop();
    assert.equal(b.fen(), fen, v);
    assert.equal(b.variant(), v);
    const info = b.variantInfo();
    assert.equal(info.id, v);
    assert.deepEqual(info, variantInfo(v));
    assert.ok(info.pieces.length > 0);
    b.delete();
  }
});

test("push refuses an illegal move and changes nothing; SAN in and out", () => {
  const b = new Board("chess");
  assert.equal(b.push("e2e5"), false);
  assert.equal(b.push("zz"), false);
  assert.equal(b.gamePly(), 0);
  assert.ok(b.pushSan("e4"));
  assert.ok(b.pushSan("e5"));
  assert.ok(b.pushSan("Nf3"));
  assert.equal(b.moveStack(), "e2e4 e7e5 g1f3");
  assert.equal(b.sanMove("b8c6"), "Nc6");
  assert.equal(b.variationSan("b8c6 f1b5 a7a6"), "2...Nc6 3. Bb5 a6");
  assert.equal(b.variationSan("b8c6 f1b5", 0, false), "Nc6 Bb5");
  assert.equal(b.fullmoveNumber(), 2);
  assert.equal(b.halfmoveClock(), 1);
  b.reset();
  assert.equal(b.moveStack(), "");
  // Fool's mate.
  b.pushMoves("f2f3 e7e5 g2g4 d8h4");
  assert.ok(b.isCheck());
  assert.equal(b.checkedPieces(), "e1");
  assert.ok(b.isGameOver());
  assert.equal(b.result(), "0-1");
  assert.equal(b.legalMoves(), "");
});

test("captures, e.p. field and the PieceEater's chance step", () => {
  const b = new Board("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  assert.ok(b.isCapture("e5d6"), "en passant");
  assert.ok(!b.isCapture("e5e6"));
  b.push("e1d1");
  assert.equal(b.fen(), "4k3/8/8/3pP3/8/8/8/3K4 b - - 1 1");
  const pe = new Board("pieceeater");
  assert.equal(pe.pocket(true), "rbnppp");
  // A turn is the action and the PE's step; the step may be left to the die (the Seed option).
  setOption("Seed", "7");
  assert.ok(pe.push("g1f3"));
  assert.match(pe.moveStack(), /^g1f3,d4[a-h][1-8]$/);
});

test("errors are thrown with the session's kinds, and leave the board as it was", () => {
  assert.throws(() => new Board("nope"), { name: "UnknownVariantError" });
  assert.throws(() => new Board("chess", "8/8/8 w"), { name: "FenError" });
  const b = new Board("chess");
  assert.throws(() => b.setFen("not a fen"), { name: "FenError" });
  assert.equal(b.fen(), startingFen("chess"));
  assert.throws(() => b.sanMove("e2e5"), { name: "IllegalMoveError" });
  assert.throws(() => b.pushMoves("e2e4 e7e4"), { name: "IllegalMoveError", message: /e7e4/ });
  assert.equal(b.moveStack(), "", "none of the moves is played");
  assert.equal(validateFen("", "chess"), 0);
  assert.equal(validateFen("8/8/8/8/8/8/8/8 w - - 0 1", "chess"), -3);
  assert.throws(() => validateFen("8/8 w", "nope"), { name: "UnknownVariantError" });
});

test("readGamePGN gives the tags and the main line", () => {
  const pgn = '[Event "Test"]\n[Variant "magician"]\n\n1. e4 e5 2. Nf3 *\n';
  const g = readGamePGN(pgn);
  assert.equal(g.headerKeys(), "Event Variant");
  assert.equal(g.headers("Variant"), "magician");
  assert.equal(g.mainlineMoves(), "e2e4 e7e5 g1f3");
  g.delete();
  assert.throws(() => readGamePGN(""), { name: "PgnError" });
});

/** The perft file's position: 8-Piece's file holds random setups too (eightpiece-random). */
function open(variant, fen) {
  try {
    return new Board(variant, fen);
  } catch (e) {
    if (variant !== "eightpiece") throw e;
    return new Board("eightpiece-random", fen);
  }
}

test("perft through the package agrees with the perft files (counts up to 200000)", (t) => {
  const root = process.env.MENAGERIE_ROOT;
  if (!root) {
    t.skip("SKIPPED: MENAGERIE_ROOT (the repository, for tests/data) is not set");
    return;
  }
  const dir = join(root, "tests", "data");
  let checked = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".perft"))) {
    let variant = file.replace(/\.perft$/, "");
    let board = null;
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const [key, ...rest] = line.trim().split(/\s+/);
      if (key === "variant") variant = rest[0];
      if (key === "epd") {
        board?.delete();
        board = open(variant, rest.join(" "));
      }
      if (key === "perft" && board && Number(rest[1]) <= 200000) {
        assert.equal(board.perft(Number(rest[0])), Number(rest[1]), `${file} ${board.fen()}`);
        checked += 1;
      }
    }
    board?.delete();
  }
  assert.ok(checked > 100, `${checked} perft counts`);
});
