// The engine in a worker thread, over UCI: every variant, stop within 100 ms, levels, MultiPV,
// and the bench positions' node counts equal to the native engine's (MENAGERIE_BIN).
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import init, { Board, Engine, benchLines, variants } from "menagerie-chess";

await init();
const engine = await Engine.start();
test.after(() => engine.quit());

test("a best move in every variant, legal there", async () => {
  for (const v of variants().split(" ")) {
    engine.send(`setoption name UCI_Variant value ${v}`);
    engine.send("ucinewgame");
    const r = await engine.go("startpos", "depth 3");
    const b = new Board(v);
    const legal = b.legalMoves().split(" ");
    // In a game of chance the engine names the action; the outcome is the die's.
    assert.ok(
      legal.some((m) => m === r.bestmove || m.startsWith(`${r.bestmove},`)),
      `${v}: ${r.bestmove}`,
    );
    assert.ok(r.info.length >= 3, v);
    b.delete();
  }
  engine.send("setoption name UCI_Variant value chess");
});

test("stop is answered within 100 ms", async () => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    engine.send("position startpos");
    const done = engine.until("go infinite", (l) => l.startsWith("bestmove"));
    await new Promise((r) => setTimeout(r, 300));
    const asked = performance.now();
    engine.stop();
    const lines = await done;
    times.push(performance.now() - asked);
    assert.match(lines.at(-1), /^bestmove [a-h][1-8][a-h][1-8]/);
  }
  times.sort((a, b) => a - b);
  console.log(`stop answered in ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
  assert.ok(times[2] < 100, `median ${times[2]} ms`);
});

test("levels, MultiPV and bad input", async () => {
  engine.send("setoption name MultiPV value 3");
  let r = await engine.go("startpos moves e2e4", "depth 4");
  const lines = r.info.filter((l) => l.startsWith("info depth 4 "));
  assert.equal(lines.length, 3, r.info.join("\n"));
  engine.send("setoption name MultiPV value 1");
  engine.send("setoption name Skill Level value 0");
  r = await engine.go("startpos", "movetime 200");
  assert.match(r.bestmove, /^[a-h][1-8][a-h][1-8]$/);
  engine.send("setoption name Skill Level value 20");
  const err = await engine.until("position fen nonsense", (l) => l.startsWith("info string"));
  assert.match(err.at(-1), /^info string error/);
  await engine.ready();
});

test("the bench positions give the native engine's node counts", (t) => {
  const bin = process.env.MENAGERIE_BIN;
  if (!bin) {
    t.skip("SKIPPED: MENAGERIE_BIN (the native menagerie) is not set");
    return;
  }
  // `menagerie bench`'s lines without their times (`... nodes N time T nps R bestmove M`).
  const native = execFileSync(bin, ["bench"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(" bestmove "))
    .map((l) => {
      const [head, tail] = l.split(" time ");
      return `${head} bestmove ${tail.split(" bestmove ")[1]}`;
    });
  assert.ok(native.length >= 7, native.join("\n"));
  assert.deepEqual(benchLines(9).split("\n"), native);
});
