#!/usr/bin/env python3
"""Search speed side by side: `menagerie bench` vs Stockfish 15.1's classical-evaluation `bench`.

Usage: python3 bench/compare_search.py [--rounds N]

Stockfish runs `setoption name Use NNUE value false` then `bench` (its default: 16 MB hash, one
thread, depth 13 over its built-in positions); Menagerie runs `menagerie bench` (its fixed
positions, depth 9, one thread, 16 MB). Runs alternate; the best nps of N rounds is kept for each.
The ratio is Menagerie's nps over its chess positions (from the per-position lines) over
Stockfish's.
"""
import argparse
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MENAGERIE = os.path.join(ROOT, "target", "release", "menagerie")


def stockfish():
    out = subprocess.run(["/usr/games/stockfish"], input="setoption name Use NNUE value false\nbench\nquit\n",
                         capture_output=True, text=True).stderr
    return int(re.search(r"Nodes/second\s*:\s*(\d+)", out).group(1))


def menagerie():
    out = subprocess.run([MENAGERIE, "bench"], capture_output=True, text=True, check=True).stdout
    nodes = ms = 0
    for line in out.splitlines():
        m = re.match(r"chess .*: depth \d+ nodes (\d+) time (\d+) ", line)
        if m:
            nodes += int(m.group(1))
            ms += int(m.group(2))
    return int(nodes * 1000 / max(ms, 1)), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    sf, us, text = 0, 0, ""
    for _ in range(a.rounds):
        sf = max(sf, stockfish())
        n, text = menagerie()
        us = max(us, n)
    print(text.strip())
    print(f"stockfish 15.1 classical bench: {sf} nps")
    print(f"menagerie bench, chess positions: {us} nps = {us / sf:.2f}x stockfish")


if __name__ == "__main__":
    main()
