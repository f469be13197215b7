#!/usr/bin/env python3
"""How long the engine takes to answer at a thread count: wall time from sending `go` (or
`stop`) to reading `bestmove`, over a UCI pipe, several searches in one process.

    python3 bench/thread_timing.py [--binary PATH] [--rounds N] [--threads T ...]

For every thread count T: `setoption name Threads value T`, `isready` (the pool is built), then
N rounds of each case below from the start position (chess), printing min / median / max in ms:

* `wtime`:   `go wtime 100 btime 100`       (a 100 ms clock: the budget is a few ms)
* `movetime`: `go movetime 100`
* `stop`:    `go infinite`, 200 ms later `stop` (the time from `stop` to `bestmove`)
* `depth1`:  `go depth 1`

Correctness, not speed, is tested elsewhere (`engine/tests/limits.rs`); this script measures.
"""
import argparse
import os
import statistics
import time

from uci_pipe import Engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed_go(e, go, stop_after=None):
    e.send("position startpos")
    e.send(go)
    t0 = time.monotonic()
    if stop_after is not None:
        time.sleep(stop_after)
        t0 = time.monotonic()
        e.send("stop")
    e.until("bestmove")
    ms = (time.monotonic() - t0) * 1000
    e.ready()
    return ms


CASES = [
    ("wtime", "go wtime 100 btime 100", None),
    ("movetime", "go movetime 100", None),
    ("stop", "go infinite", 0.2),
    ("depth1", "go depth 1", None),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "menagerie"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 8, 64, 256])
    a = ap.parse_args()
    print(f"{'threads':>7} {'case':>9}  {'min':>7} {'median':>7} {'max':>7}  (ms)")
    for t in a.threads:
        e = Engine(a.binary)
        e.send("uci")
        e.until("uciok")
        e.send(f"setoption name Threads value {t}")
        e.ready()
        for name, go, stop_after in CASES:
            v = [timed_go(e, go, stop_after) for _ in range(a.rounds)]
            print(f"{t:>7} {name:>9}  {min(v):7.1f} {statistics.median(v):7.1f} {max(v):7.1f}",
                  flush=True)
        e.quit()


if __name__ == "__main__":
    main()
