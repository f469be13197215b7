// Analysing a position: the engine in a worker, spoken to in UCI.
import { Engine } from "menagerie-chess";

const engine = await Engine.start();
engine.send("setoption name UCI_Variant value jumpingknights");
engine.send("setoption name MultiPV value 2");
const { bestmove, info } = await engine.go("startpos", "movetime 500");
for (const line of info.slice(-2)) console.log(line);
console.log(`best move: ${bestmove}`);
await engine.quit();
