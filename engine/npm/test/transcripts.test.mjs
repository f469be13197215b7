// The package agrees with the native engine on the positions of the protocol transcripts
// (bench/transcripts/scripts/*.uci): for every `position` command, the board the package builds
// has the engine's FEN (e.p. field aside: the package writes Fairy-Stockfish's) and the engine's
// legal moves (`go perft 1`). Needs MENAGERIE_ROOT and MENAGERIE_BIN; skips without them.
import test from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import init, { Board } from "menagerie-chess";

await init();

/** The native engine's FEN and legal moves after `setup` (UCI lines). */
function native(bin, setup) {
  const run = spawnSync(bin, [], { input: `uci\n${setup.join("\n")}\nd\ngo perft 1\n`, encoding: "utf8" });
  const lines = run.stdout.split("\n");
  const fen = lines.find((l) => l.startsWith("info string fen "))?.slice("info string fen ".length);
  const moves = lines.filter((l) => /^\S+: 1$/.test(l)).map((l) => l.split(":")[0]);
  return { fen, moves: moves.sort() };
}

const noEp = (fen) => fen.split(" ").filter((_, i) => i !== 3).join(" ");

test("the transcripts' positions: the engine's FEN and legal moves", (t) => {
  const root = process.env.MENAGERIE_ROOT;
  const bin = process.env.MENAGERIE_BIN;
  if (!root || !bin) {
    t.skip("SKIPPED: MENAGERIE_ROOT and MENAGERIE_BIN are needed");
    return;
  }
  const dir = join(root, "bench", "transcripts", "scripts");
  let checked = 0;
  let refused = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".uci"))) {
    let variant = "chess";
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const m = line.match(/^setoption name UCI_Variant value (\S+)$/);
      if (m && m[1] !== "nosuch") variant = m[1];
      if (!line.startsWith("position ")) continue;
      const words = line.split(" ");
      const at = words.indexOf("moves");
      const head = words.slice(1, at < 0 ? undefined : at);
      const moves = at < 0 ? "" : words.slice(at + 1).join(" ");
      const want = native(bin, [`setoption name UCI_Variant value ${variant}`, line]);
      let board;
      try {
        board = new Board(variant, head[0] === "fen" ? head.slice(1).join(" ") : undefined);
        board.pushMoves(moves);
      } catch (e) {
        // The engine refused it too (the transcripts hold bad input on purpose): its position
        // stayed the start.
        const start = native(bin, [`setoption name UCI_Variant value ${variant}`]).fen;
        assert.equal(want.fen, start, `${file}: ${line}: ${e.message}`);
        board?.delete();
        refused += 1;
        continue;
      }
      assert.equal(noEp(board.fen()), noEp(want.fen), `${file}: ${line}`);
      assert.deepEqual(board.legalMoves().split(" ").filter(Boolean).sort(), want.moves, `${file}: ${line}`);
      board.delete();
      checked += 1;
    }
  }
  assert.ok(checked >= 40, `${checked} positions`);
  console.log(`${checked} transcript positions agree with the native engine; ${refused} refused by both`);
});
