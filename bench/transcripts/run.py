#!/usr/bin/env python3
"""Protocol transcripts: runs every script in `bench/transcripts/scripts/` (`*.uci`, `*.xboard`)
through a `menagerie` binary and writes what it answers to OUTDIR (one `.out` per script).

    bench/transcripts/run.py BINARY OUTDIR

The driver sends one line at a time and waits where the engine answers later: after `go` (UCI)
for `bestmove` (or an error that starts no search), after `go perft` / `perft` for `Nodes searched` (or the perft's error line), after
`isready` for `readyok`; in XBoard after every other command for the `pong` of a `ping` it sends
(XBoard answers a ping only after the engine's move). Searches use one thread and a fixed depth,
so the output is deterministic except for the clock: the `time` and `nps` fields of UCI `info`
lines and the time field of XBoard's thinking lines are written as `*`. `compare.sh` runs two
binaries and diffs the transcripts (the restructuring's proof that nothing changed,
docs/performance.md).
"""
import os
import queue
import re
import subprocess
import sys
import threading

TIMEOUT = 120


def normalise(line, proto):
    if proto == "uci" and line.startswith("info "):
        line = re.sub(r"\b(time|nps) \d+", r"\1 *", line)
    if proto == "xboard":
        m = re.match(r"^(\d+) (-?\d+) (\d+) (\d+) (.*)$", line)
        if m:
            line = f"{m.group(1)} {m.group(2)} * {m.group(4)} {m.group(5)}"
        line = re.sub(r"^stat01: \d+ ", "stat01: * ", line)
    return line


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done, out):
        while True:
            line = self.q.get(timeout=TIMEOUT)
            if line is None:
                return
            out.append(line)
            if done(line):
                return

    def drain(self, out):
        try:
            while True:
                line = self.q.get(timeout=5)
                if line is None:
                    return
                out.append(line)
        except queue.Empty:
            return


def run_script(binary, path):
    proto = "uci" if path.endswith(".uci") else "xboard"
    e = Engine(binary)
    out = []
    pings = 0
    for raw in open(path, encoding="utf-8"):
        cmd = raw.rstrip("\n")
        if cmd.startswith("#") or not cmd.strip():
            continue
        out.append(f">> {cmd}")
        e.send(cmd)
        word = cmd.split()[0]
        if word == "quit":
            break
        if proto == "uci":
            if word == "go" and cmd.split()[1:2] == ["perft"]:
                e.until(lambda l: l.startswith("Nodes searched") or "error" in l, out)
            elif word == "go":
                # A `go` that cannot be read is answered by a depth-1 search after its error.
                e.until(lambda l: l.startswith("bestmove") or
                        ("error" in l and "answering with a depth 1 search" not in l), out)
            elif word in ("uci",):
                e.until(lambda l: l == "uciok", out)
            else:
                e.send("isready")
                e.until(lambda l: l == "readyok", out)
                out.pop()
        else:
            if word == "perft":
                e.until(lambda l: l.startswith("Nodes searched") or l.startswith("Error"), out)
            pings += 1
            e.send(f"ping {pings}")
            e.until(lambda l, n=pings: l == f"pong {n}", out)
            out.pop()
    e.drain(out)
    e.p.wait(timeout=TIMEOUT)
    return [normalise(l, proto) for l in out]


def main():
    binary, outdir = sys.argv[1], sys.argv[2]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
    os.makedirs(outdir, exist_ok=True)
    for name in sorted(os.listdir(here)):
        if not (name.endswith(".uci") or name.endswith(".xboard")):
            continue
        lines = run_script(binary, os.path.join(here, name))
        with open(os.path.join(outdir, name + ".out"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        print(f"{name}: {len(lines)} lines")


if __name__ == "__main__":
    main()
