#!/usr/bin/env python3
"""An XBoard engine wrapper that takes screenshots (used by tests/xboard/screenshots.sh).

Usage: SHOT_PREFIX=... SHOT_SPECIAL=REGEX shot_proxy.py ENGINE [ARGS...]
(environment variables, because XBoard splits engine command lines on spaces without quoting)

It relays lines between XBoard and ENGINE unchanged. Just before the engine's first move reaches
XBoard it saves PREFIX-start.png (the start position). After the first move in either direction
whose text matches SPECIAL_REGEX it waits for XBoard to draw it and saves PREFIX-special.png.
Screenshots are of the whole X screen ($DISPLAY), trimmed; ImageMagick's `import` takes them.

Optional SHOT_FEN=FEN (six XBoard fields): the game starts there instead. The proxy rewrites the
FEN of the engine's `setup` line (XBoard then sends the other engine `setboard FEN`) and sends
the same `setboard FEN` to its own engine, which XBoard does not do for the `setup` sender.
"""
import os
import re
import subprocess
import sys
import threading
import time

prefix, special, cmd = os.environ["SHOT_PREFIX"], re.compile(os.environ["SHOT_SPECIAL"]), sys.argv[1:]
eng = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
start_fen = os.environ.get("SHOT_FEN")
state = {"start": False, "special": False}
lock = threading.Lock()


def shot(name):
    path = f"{prefix}-{name}.png"
    subprocess.run(["import", "-window", "root", "-trim", path], check=False)
    with open(f"{prefix}-{name}.txt", "w") as f:
        f.write(state.get("last", "") + "\n")


def from_engine():
    for line in eng.stdout:
        with lock:
            if line.startswith("move ") and not state["start"]:
                state["start"] = True
                time.sleep(1.0)
                shot("start")
            if start_fen and line.startswith("setup "):
                head = line.split()[:-6]
                line = " ".join(head + start_fen.split()) + "\n"
                eng.stdin.write(f"setboard {start_fen}\n")
                eng.stdin.flush()
            sys.stdout.write(line)
            sys.stdout.flush()
            mv = line[5:].strip() if line.startswith("move ") else None
            if mv and not state["special"] and special.search(mv):
                state["special"] = True
                state["last"] = "engine played " + mv
                time.sleep(0.6)
                shot("special")
    os._exit(0)


threading.Thread(target=from_engine, daemon=True).start()
for line in sys.stdin:
    with lock:
        t = line.strip()
        if t.startswith("usermove ") and not state["special"] and special.search(t[9:]):
            state["special"] = "pending"
            state["last"] = "opponent played " + t[9:]
        eng.stdin.write(line)
        eng.stdin.flush()
    if state["special"] == "pending":
        time.sleep(0.6)
        with lock:
            state["special"] = True
            shot("special")
# XBoard has gone (or closed our input): let the engine see the end of its input and exit.
eng.stdin.close()
eng.wait()
