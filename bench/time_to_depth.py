#!/usr/bin/env python3
"""Time to depth at one thread count against another: for each position, a fresh search
(`ucinewgame`, so the hash table starts empty) to a fixed depth, timed from `go` to `bestmove`
over a UCI pipe.

    python3 bench/time_to_depth.py [--binary PATH] [--variant V] [--positions N]
                                   [--depth D] [--threads A B] [--rounds R]

The positions are the first N of the variant's opening suite (bench/openings/<V>.epd). Each
position is searched at every thread count in turn (A, B, A, B, ... over R rounds, so a change
in the machine's load hits both alike) and the best time of the rounds is kept. Prints, per
position, the times and nodes and the ratio, then the geometric mean of the ratios (time with
A threads / time with B threads: above 1 means B reaches the depth sooner).

Lazy SMP helpers do not search the main thread's tree for it: they fill the shared table, so
the main thread reaches the depth sooner (or later, when the helpers' entries mislead it).
The depth and the answer can differ from one run to the next at more than one thread.
"""
import argparse
import math
import os
import time

import uci_pipe

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine(uci_pipe.Engine):
    def __init__(self, binary, variant, threads):
        super().__init__(binary)
        self.send("uci")
        self.until("uciok")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Threads value {threads}")
        self.ready()

    def search(self, fen, depth):
        """(seconds from `go` to `bestmove`, nodes of the last `info` with nodes)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.ready()
        lines = []
        t0 = time.monotonic()
        self.send(f"go depth {depth}")
        self.until("bestmove", lines)
        t = time.monotonic() - t0
        nodes = 0
        for line in lines:
            w = line.split()
            if "nodes" in w:
                nodes = int(w[w.index("nodes") + 1])
        return t, nodes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "menagerie"))
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--threads", type=int, nargs=2, default=[1, 2])
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    suite = os.path.join(ROOT, "bench", "openings", f"{a.variant}.epd")
    with open(suite) as f:
        fens = [line.split(";")[0].strip() for line in f if line.strip()][: a.positions]
    engines = {t: Engine(a.binary, a.variant, t) for t in a.threads}
    ta, tb = a.threads
    print(f"{a.variant} depth {a.depth}, threads {ta} vs {tb}, best of {a.rounds} rounds")
    print(f"{'pos':>3} {'s@' + str(ta):>8} {'nodes@' + str(ta):>11} {'s@' + str(tb):>8} "
          f"{'nodes@' + str(tb):>11} {'ratio':>6}", flush=True)
    logs = []
    sums = {ta: 0.0, tb: 0.0}
    for i, fen in enumerate(fens):
        best = {}
        for _ in range(a.rounds):
            for t in a.threads:
                s, n = engines[t].search(fen, a.depth)
                if t not in best or s < best[t][0]:
                    best[t] = (s, n)
        r = best[ta][0] / best[tb][0]
        logs.append(math.log(r))
        for t in a.threads:
            sums[t] += best[t][0]
        print(f"{i + 1:>3} {best[ta][0]:8.3f} {best[ta][1]:>11} {best[tb][0]:8.3f} "
              f"{best[tb][1]:>11} {r:6.2f}", flush=True)
    for e in engines.values():
        e.quit()
    print(f"total time: {sums[ta]:.2f} s at {ta} thread(s), {sums[tb]:.2f} s at {tb}; "
          f"ratio of totals {sums[ta] / sums[tb]:.2f}; "
          f"geometric mean of ratios {math.exp(sum(logs) / len(logs)):.2f}")


if __name__ == "__main__":
    main()
