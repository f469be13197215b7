#!/usr/bin/env python3
"""A scripted, misbehaving UCI engine for the match runner's fault tests.

Usage: fake_uci.py MODE [TAG]
  legal    plays the first legal move it is told about... it knows none, so it plays e2e4/e7e5
           style moves from a fixed list and then resigns by repetition (only for sanity)
  illegal  answers every `go` with an illegal move
  hang     never answers `go`
  crash    exits when asked to move
  garbage  prints junk lines, then an unparsable bestmove
  record   offers the option `Fake Level`, writes every line it receives to the file TAG and
           answers `go` with an illegal move
TAG marks the process so tests can look for leftovers (in `record` mode: the file to write).
"""
import sys

mode = sys.argv[1]
log = open(sys.argv[2], "a") if mode == "record" else None
for line in sys.stdin:
    cmd = line.strip()
    if log:
        log.write(cmd + "\n")
        log.flush()
    if cmd == "uci":
        print("id name Fake-" + mode)
        if mode == "record":
            print("option name Fake Level type spin default 1 min 0 max 20")
        print("uciok", flush=True)
    elif cmd == "isready":
        print("readyok", flush=True)
    elif cmd.startswith("go"):
        if mode in ("illegal", "record"):
            print("bestmove a1a8", flush=True)
        elif mode == "hang":
            pass
        elif mode == "crash":
            sys.exit(3)
        elif mode == "garbage":
            print("\x00\x01 nonsense here", flush=True)
            print("info score cp banana", flush=True)
            print("bestmove ??!!", flush=True)
    elif cmd == "quit":
        if mode != "hang":
            break
