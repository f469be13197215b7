#!/usr/bin/env python3
"""A scripted, misbehaving UCI engine for the match runner's fault tests.

Usage: fake_uci.py MODE [TAG]
  illegal   answers every `go` with an illegal move
  hang      never answers `go`
  crash     exits when asked to move
  garbage   prints junk lines, then an unparsable bestmove
  record    offers the option `Fake Level`, writes every line it receives to the file TAG and
            answers `go` with an illegal move
  latin1    prints bytes that are not UTF-8: `id author St\\xe9phane`, then on `go`
            `info string caf\\xe9` and `bestmove \\xff\\xfe`
  flood     answers `go` with three `info string` lines of 3 MiB each, then an illegal move
  variants  offers UCI_Variant with the values `chess` and `fairyland` only; answers `go` with
            an illegal move
TAG marks the process so tests can look for leftovers (in `record` mode: the file to write).
"""
import sys

mode = sys.argv[1]
log = open(sys.argv[2], "a") if mode == "record" else None
FLOOD = 3 * 1024 * 1024


def raw(data):
    """Writes one line of raw bytes (not necessarily UTF-8)."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


for line in sys.stdin:
    cmd = line.strip()
    if log:
        log.write(cmd + "\n")
        log.flush()
    if cmd == "uci":
        print("id name Fake-" + mode)
        if mode == "latin1":
            raw(b"id author St\xe9phane")
        if mode == "record":
            print("option name Fake Level type spin default 1 min 0 max 20")
        if mode == "variants":
            print("option name UCI_Variant type combo default chess var chess var fairyland")
        print("uciok", flush=True)
    elif cmd == "isready":
        print("readyok", flush=True)
    elif cmd.startswith("go"):
        if mode in ("illegal", "record", "variants"):
            print("bestmove a1a8", flush=True)
        elif mode == "hang":
            pass
        elif mode == "crash":
            sys.exit(3)
        elif mode == "garbage":
            print("\x00\x01 nonsense here", flush=True)
            print("info score cp banana", flush=True)
            print("bestmove ??!!", flush=True)
        elif mode == "latin1":
            raw(b"info string caf\xe9")
            raw(b"bestmove \xff\xfe")
        elif mode == "flood":
            for _ in range(3):
                raw(b"info string " + b"x" * FLOOD)
            print("bestmove a1a8", flush=True)
    elif cmd == "quit":
        if mode != "hang":
            break
