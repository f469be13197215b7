#!/usr/bin/env python3
"""A scripted XBoard engine for the match runner's variant check.

Usage: fake_xboard.py MODE [TAG]
  variants    announces `feature variants="normal,fairyland"`
  novariants  sends no `feature variants`
In both modes it answers `ping N` with `pong N` and every `go` with an illegal move.
TAG marks the process so tests can look for leftovers.
"""
import sys

mode = sys.argv[1]
for line in sys.stdin:
    cmd = line.strip()
    if cmd.startswith("protover"):
        features = 'feature myname="Fake-xboard-' + mode + '" ping=1 setboard=1 usermove=1'
        if mode == "variants":
            features += ' variants="normal,fairyland"'
        print(features)
        print("feature done=1", flush=True)
    elif cmd.startswith("ping"):
        print("pong" + cmd[4:], flush=True)
    elif cmd == "go":
        print("move a1a8", flush=True)
    elif cmd == "quit":
        break
