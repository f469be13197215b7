#!/usr/bin/env python3
"""How an engine spends its clock: a logging stand-in for a UCI engine, and its report.

  bench/clock_use.py wrap LOG ENGINE [ARGS...]
      Runs ENGINE, passing the protocol through unchanged in both directions, and appends one
      line per search to LOG: the process id, the seconds from `go` to `bestmove` as seen on
      the pipe, and the `go` line (`NEWGAME` lines mark `ucinewgame`). Give a small shell
      script that execs this as the engine of `menagerie match`.

  bench/clock_use.py report LOG [LOG...]
      For each log: the games, their length in moves (searches) per side, the clock each side
      spent in a game as a share of what it had (base time + increment x moves; from the
      `go` lines' wtime/winc; not given for clocks with moves to go, where the base time
      comes back), and the mean time per move by move number, in tens.

Example (Menagerie against Stockfish at UCI_Elo 2200, 10 s + 0.1 s):

  printf '#!/bin/sh\\nexec bench/clock_use.py wrap men.log menagerie\\n' > men.sh
  printf '#!/bin/sh\\nexec bench/clock_use.py wrap sf.log /usr/games/stockfish\\n' > sf.sh
  chmod +x men.sh sf.sh
  menagerie match --engine1 ./men.sh --engine2 ./sf.sh --proto1 uci --proto2 uci \\
      --option2 UCI_LimitStrength=true --option2 UCI_Elo=2200 --tc 10+0.1 --games 10
  bench/clock_use.py report men.log sf.log

The times are measured outside the engine, so they include the pipe and the process switch
(well under a millisecond a move here); a game's first `go` line gives its starting clock.
"""
import collections
import os
import re
import statistics
import subprocess
import sys
import threading
import time


def wrap(log_path, argv):
    log = open(log_path, "a", buffering=1)
    engine = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    pid = os.getpid()
    started = {"at": None, "go": None}
    lock = threading.Lock()

    def from_engine():
        for line in engine.stdout:
            if line.startswith("bestmove"):
                with lock:
                    if started["at"] is not None:
                        spent = time.monotonic() - started["at"]
                        log.write(f"{pid} {spent:.4f} {started['go']}\n")
                        started["at"] = None
            sys.stdout.write(line)
            sys.stdout.flush()

    reader = threading.Thread(target=from_engine, daemon=True)
    reader.start()
    for line in sys.stdin:
        if line.startswith("go"):
            with lock:
                started["at"] = time.monotonic()
                started["go"] = line.strip()
        elif line.startswith("ucinewgame"):
            log.write(f"{pid} NEWGAME\n")
        engine.stdin.write(line)
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    engine.stdin.close()
    engine.wait()
    reader.join(timeout=1)


def games_of(path):
    """The searches of each game: lists of (seconds spent, go fields)."""
    games = collections.defaultdict(list)
    game_no = collections.Counter()
    for line in open(path):
        parts = line.split()
        if len(parts) < 2:
            continue
        pid = parts[0]
        if parts[1] == "NEWGAME":
            game_no[pid] += 1
            continue
        fields = dict(re.findall(r"\b(wtime|btime|winc|binc|movestogo) (\d+)", line))
        games[(pid, game_no[pid])].append((float(parts[1]), fields))
    return [g for g in games.values() if g]


def side_of(game):
    """Which clock is the engine's: the one that falls by about what it spends."""
    if len(game) < 2:
        return "w"
    (spent, first), (_, second) = game[0], game[1]
    fall = {}
    for side in "wb":
        key, inc = side + "time", side + "inc"
        if key in first and key in second:
            fall[side] = int(first[key]) - int(second[key]) + int(first.get(inc, 0))
    if not fall:
        return "w"
    return min(fall, key=lambda s: abs(fall[s] / 1000.0 - spent))


def report(path):
    games = games_of(path)
    if not games:
        print(f"{path}: no searches")
        return
    lengths, shares = [], []
    by_move = collections.defaultdict(list)
    for game in games:
        side = side_of(game)
        first = game[0][1]
        base = int(first.get(side + "time", 0)) / 1000.0
        inc = int(first.get(side + "inc", 0)) / 1000.0
        spent = sum(t for t, _ in game)
        lengths.append(len(game))
        if base > 0 and "movestogo" not in first:
            shares.append(spent / (base + inc * len(game)))
        for i, (t, _) in enumerate(game):
            by_move[i // 10].append(t)
    print(f"{path}: {len(games)} games, moves per side median {statistics.median(lengths):g} "
          f"(range {min(lengths)}-{max(lengths)})")
    if shares:
        print(f"  clock spent: mean {statistics.mean(shares):.0%}, "
              f"range {min(shares):.0%}-{max(shares):.0%}")
    row = "  ".join(f"{10 * k + 1}-: {statistics.mean(v):.3f}" for k, v in sorted(by_move.items()))
    print(f"  seconds per move by move number: {row}")


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "wrap":
        wrap(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "report":
        for path in sys.argv[2:]:
            report(path)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
