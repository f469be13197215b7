"""A UCI engine over a pipe, for the bench scripts that time it (thread_timing.py,
time_to_depth.py): send a line, read until a line with a given start."""
import subprocess
import sys


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix, seen=None):
        """The first line starting with `prefix` (stripped); every line read, that one
        included, is appended to `seen` when given."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            if seen is not None:
                seen.append(line)
            if line.startswith(prefix):
                return line.strip()

    def ready(self):
        self.send("isready")
        self.until("readyok")

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=30)
