// Calls per second of menagerie-chess against ffish.js 0.7.10 on the same machine, in one run
// (docs/performance.md): legalMoves, fen and push+pop over the positions of a seeded random
// game of chess, and perft nodes per second. Run from a folder where both are installed:
//   node /path/to/engine/npm/bench.mjs
import { createRequire } from "node:module";
import init, { Board } from "menagerie-chess";

await init();
delete globalThis.fetch;
const ff = createRequire(`${process.cwd()}/`)("ffish");
await new Promise((resolve) => (ff.calledRun ? resolve() : (ff.onRuntimeInitialized = resolve)));

// The positions: 60 plies of a game chosen by a fixed rule (the middle legal move).
const line = [];
{
  const b = new Board("chess");
  for (let i = 0; i < 60; i++) {
    const moves = b.legalMoves().split(" ");
    if (!moves[0]) break;
    const m = moves[Math.floor(moves.length / 2)];
    line.push(m);
    b.push(m);
  }
  b.delete();
}

function rate(name, make, body) {
  const boards = [];
  const b = make();
  for (const m of line) {
    b.push(m);
    boards.push(b.fen());
  }
  b.delete();
  const prepared = boards.map((fen) => make(fen));
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < 1500) {
    for (const p of prepared) {
      body(p);
      calls += 1;
    }
  }
  const perSec = calls / ((performance.now() - start) / 1000);
  for (const p of prepared) p.delete();
  return perSec;
}

const libs = {
  "menagerie-chess": (fen) => (fen === undefined ? new Board("chess") : new Board("chess", fen)),
  ffish: (fen) => (fen === undefined ? new ff.Board("chess") : new ff.Board("chess", fen)),
};
const calls = {
  legalMoves: (b) => b.legalMoves(),
  fen: (b) => b.fen(),
  "push+pop": (b) => {
    const m = b.legalMoves().split(" ")[0];
    b.push(m);
    b.pop();
  },
};
console.log("call          menagerie-chess/s   ffish/s   ratio");
for (const [name, body] of Object.entries(calls)) {
  const ours = rate(name, libs["menagerie-chess"], body);
  const theirs = rate(name, libs.ffish, body);
  console.log(
    `${name.padEnd(13)} ${ours.toFixed(0).padStart(15)} ${theirs.toFixed(0).padStart(9)} ${(ours / theirs).toFixed(2).padStart(7)}`,
  );
}
{
  const b = new Board("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const start = performance.now();
  const nodes = b.perft(5);
  const s = (performance.now() - start) / 1000;
  console.log(`perft 5 kiwipete: ${nodes} nodes in ${s.toFixed(2)} s, ${(nodes / s / 1e6).toFixed(1)} M nodes/s`);
}
