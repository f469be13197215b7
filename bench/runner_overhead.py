#!/usr/bin/env python3
"""The match runner's own cost per move: `menagerie match` between two random movers (which
answer `go` with a random legal move, no search), so almost all of the time is the runner's
turn loop and the pipe: writing `position ... moves ...` and `go`, the engine reading and
replaying the move list, reading `bestmove`, the runner checking and playing the move by the
rules, and the PGN bookkeeping. Per move = wall time of the match / moves played (the engines'
start-up is included, so this is an upper bound).

    python3 bench/runner_overhead.py [--binary PATH] [--games N] [--variant ID] [--load K]

`--load K` runs K busy loops beside the match (a loaded machine, as in fast self-play with
other work running). The numbers are written in docs/match.md ("The runner's own time").
"""
import argparse
import os
import re
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "menagerie"))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--load", type=int, default=0)
    a = ap.parse_args()
    hogs = [subprocess.Popen(["python3", "-c", "while True: pass"]) for _ in range(a.load)]
    try:
        with tempfile.TemporaryDirectory() as d:
            pgn = os.path.join(d, "games.pgn")
            engine = f"{a.binary} --random-mover"
            cmd = [a.binary, "match", "--engine1", engine, "--variant", a.variant,
                   "--games", str(a.games), "--tc", "600+0", "--openings", "none",
                   "--max-plies", "300", "--pgn", pgn]
            t0 = time.monotonic()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            wall = time.monotonic() - t0
            with open(pgn) as f:
                plies = sum(int(n) for n in re.findall(r'\[PlyCount "(\d+)"\]', f.read()))
    finally:
        for h in hogs:
            h.kill()
    print(f"{a.variant}: {a.games} games, {plies} moves, {wall:.2f} s wall, "
          f"{1000 * wall / max(plies, 1):.3f} ms per move (load {a.load})")


if __name__ == "__main__":
    main()
