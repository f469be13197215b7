#!/usr/bin/env python3
"""Side-by-side perft speed: Menagerie vs Stockfish 15.1 (`go perft`), same machine, same run.

Usage:  python3 bench/compare_stockfish.py [--rounds N] [--job VARIANT:DEPTH[:FEN]] ...

Runs are alternated (Stockfish, Menagerie, Stockfish, ...) and the best of N rounds is kept for
each, to damp noise from the shared machine. Stockfish is timed inside a running process: it is
started, answers `isready` (network loaded), and only then is `go perft` sent and timed to its
"Nodes searched" line, so no start-up is in the time (an earlier version timed the whole process
and subtracted a separately timed `go perft 1`, which over-subtracted by up to 150 ms on a 0.5 s
run when the two start-ups differed). Menagerie's own reported time is used. Both run on one
thread. Prints one line per job: nodes, nps, and the ratio to Stockfish's start-position nps.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The x86-64-v3 build (`cargo fast`) when there is one, as the release archives run it on this
# CPU; else the portable build. MENAGERIE=PATH picks another.
_FAST = os.path.join(ROOT, "target", "fast", "release", "menagerie")
MENAGERIE = os.environ.get("MENAGERIE") or (
    _FAST if os.path.exists(_FAST) else os.path.join(ROOT, "target", "release", "menagerie"))
STOCKFISH = "/usr/games/stockfish"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def stockfish(fen, depth):
    p = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("setoption name Threads value 1\nisready\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    t0 = time.perf_counter()
    p.stdin.write(f"position fen {fen}\ngo perft {depth}\n")
    p.stdin.flush()
    nodes = None
    for line in p.stdout:
        if line.startswith("Nodes searched"):
            nodes = int(line.split()[-1])
            break
    t = time.perf_counter() - t0
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    if nodes is None:
        sys.exit("stockfish printed no node count")
    return nodes, t


def menagerie(variant, depth, fen=None):
    cmd = [MENAGERIE, "perft", "--variant", variant, "--threads", "1", str(depth)]
    if fen:
        cmd[2:2] = ["--fen", fen]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    m = re.search(r"nodes (\d+) time (\d+) nps (\d+)", out.splitlines()[-1])
    return int(m.group(1)), int(m.group(2)) / 1000.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--sf-depth", type=int, default=6,
                    help="depth of Stockfish's start-position reference (7: a 3.2G-node run of "
                         "about 20 s)")
    ap.add_argument("--job", action="append", default=[],
                    help="VARIANT:DEPTH[:FEN] (default: chess start d6 and Kiwipete d5)")
    a = ap.parse_args()
    if not os.path.exists(STOCKFISH):
        sys.exit("stockfish not installed (apt-get install stockfish)")
    jobs = []
    for j in a.job:
        parts = j.split(":", 2)
        jobs.append((parts[0], int(parts[1]), parts[2] if len(parts) > 2 else None))
    if not jobs:
        jobs = [("chess", 6, None), ("chess", 5, KIWIPETE)]

    ref = f"startpos d{a.sf_depth}"
    sf_refs = {ref: (START, a.sf_depth), "kiwipete d5": (KIWIPETE, 5)}
    best_sf = {k: None for k in sf_refs}
    best_us = {i: None for i in range(len(jobs))}
    nodes_us = {}
    for _ in range(a.rounds):
        for k, (fen, d) in sf_refs.items():
            n, t = stockfish(fen, d)
            best_sf[k] = (n, t) if best_sf[k] is None else (n, min(best_sf[k][1], t))
        for i, (v, d, fen) in enumerate(jobs):
            n, t = menagerie(v, d, fen)
            nodes_us[i] = n
            best_us[i] = t if best_us[i] is None else min(best_us[i], t)

    sf_nps = {}
    for k, (n, t) in best_sf.items():
        sf_nps[k] = n / max(t, 1e-6)
        print(f"stockfish 15.1 {k}: {n} nodes, {sf_nps[k]/1e6:.1f} Mnps")
    base = sf_nps[ref]
    for i, (v, d, fen) in enumerate(jobs):
        nps = nodes_us[i] / max(best_us[i], 1e-6)
        label = f"{v} {'start' if not fen else fen} d{d}"
        extra = ""
        if v == "chess" and fen == KIWIPETE and d == 5:
            extra = f", vs stockfish kiwipete d5 {nps / sf_nps['kiwipete d5']:.2f}x"
        print(f"menagerie {label}: {nodes_us[i]} nodes, {nps/1e6:.1f} Mnps, "
              f"{nps / base:.2f}x stockfish start-position d{a.sf_depth} nps{extra}")


if __name__ == "__main__":
    main()
