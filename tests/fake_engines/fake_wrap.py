#!/usr/bin/env python3
"""Stands between the match runner and a real UCI engine, relaying every line both ways, and
adds lines of its own to the engine's output: a well-behaved engine with odd output.

Usage: fake_wrap.py MODE TAG ENGINE [ARGS ...]
  latin1  adds bytes that are not UTF-8: `id author St\\xe9phane` after `id name`, and
          `info string caf\\xe9` before every `bestmove`
TAG marks the process so tests can look for leftovers.
"""
import subprocess
import sys
import threading

mode = sys.argv[1]
engine = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out = sys.stdout.buffer


def relay_output():
    for line in engine.stdout:
        line = line.rstrip(b"\r\n")
        if mode == "latin1" and line.startswith(b"bestmove"):
            out.write(b"info string caf\xe9\n")
        out.write(line + b"\n")
        if mode == "latin1" and line.startswith(b"id name"):
            out.write(b"id author St\xe9phane\n")
        out.flush()


relay = threading.Thread(target=relay_output, daemon=True)
relay.start()
for line in sys.stdin.buffer:
    engine.stdin.write(line)
    engine.stdin.flush()
    if line.strip() == b"quit":
        break
engine.stdin.close()
engine.wait()
relay.join()
