// A random game in every variant: the rules through ffish.js's Board API.
import init, { Board, variants } from "menagerie-chess";

await init();
for (const variant of variants().split(" ")) {
  const board = new Board(variant);
  let plies = 0;
  while (!board.isGameOver() && plies < 60) {
    const moves = board.legalMoves().split(" ");
    board.push(moves[Math.floor(Math.random() * moves.length)]);
    plies += 1;
  }
  console.log(`${variant}: ${plies} plies, result ${board.result()}, ${board.fen()}`);
  board.delete();
}
