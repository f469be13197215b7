#!/usr/bin/env python3
"""Chess training labels from Stockfish (docs/tuning.md, "Stockfish labels").

Reads `tune extract` data lines (`FEN; variant chess; result R; game G`), has Stockfish search
each position to a fixed depth, fits K_sf so that sigmoid(K_sf * score) best predicts the game
results (least squares, golden-section search), and writes every line again with

    result = L * game result + (1 - L) * sigmoid(K_sf * score)

(White's view; mates and scores beyond 4000 cp count as 4000), which `tune fit` reads as a
label in [0, 1]. The raw scores are kept in OUT.scores (one per line: the data line, a tab, the
score) so that another L needs no second search (`--from-scores`).

    python3 bench/sf_labels.py --data sample.txt --out labelled.txt --depth 8 --lambda 0.25 --jobs 2
"""
import argparse
import math
import multiprocessing
import subprocess
import sys

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
CAP = 4000


class Stockfish:
    """One Stockfish process on one thread."""

    def __init__(self, path, hash_mb):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def score(self, fen, depth):
        """The score of the deepest completed iteration, White's view, capped; None if none."""
        self.send("position fen " + fen)
        self.send(f"go depth {depth}")
        score = None
        for line in self.until("bestmove"):
            if " score " not in line or " upperbound" in line or " lowerbound" in line:
                continue
            kind, value = line.split(" score ")[1].split()[:2]
            score = int(value) if kind == "cp" else (CAP if int(value) > 0 else -CAP)
        if score is None:
            return None
        score = max(-CAP, min(CAP, score))
        return -score if fen.split()[1] == "b" else score

    def quit(self):
        self.send("quit")
        self.p.wait()


def fields(line):
    parts = [p.strip() for p in line.strip().split(";")]
    ri = next(i for i, p in enumerate(parts) if p.startswith("result "))
    return parts, ri


def label_chunk(args):
    """Stockfish's score of every line's position (None where it gave none)."""
    lines, path, depth, hash_mb = args
    sf = Stockfish(path, hash_mb)
    out = [sf.score(fields(line)[0][0], depth) for line in lines]
    sf.quit()
    return out


def sigmoid(k, s):
    return 1 / (1 + 10 ** (-k * s / 400))


def fit_k(rows):
    def err(k):
        return sum((r - sigmoid(k, s)) ** 2 for r, s in rows) / len(rows)
    a, b = 0.05, 3.0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        c, d = b - g * (b - a), a + g * (b - a)
        if err(c) < err(d):
            b = d
        else:
            a = c
    k = (a + b) / 2
    return k, err(k)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="tune extract data file")
    ap.add_argument("--out", required=True, help="labelled data file (and OUT.scores)")
    ap.add_argument("--depth", type=int, default=8, help="Stockfish search depth")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.25,
                    help="weight of the game result in the label (0: Stockfish only)")
    ap.add_argument("--jobs", type=int, default=2, help="Stockfish processes")
    ap.add_argument("--hash", type=int, default=16, help="Stockfish hash (MB) per process")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--from-scores", action="store_true",
                    help="read DATA as an earlier OUT.scores file instead of searching")
    a = ap.parse_args()

    if a.from_scores:
        scored = []
        for line in open(a.data):
            data, s = line.rstrip("\n").split("\t")
            scored.append((data, int(s)))
    else:
        lines = [l for l in open(a.data) if l.strip()]
        n = max(1, a.jobs)
        chunks = [(lines[i::n], a.stockfish, a.depth, a.hash) for i in range(n)]
        with multiprocessing.Pool(n) as pool:
            parts = pool.map(label_chunk, chunks)
        # Back to the input's order: chunk i holds lines i, i + n, ...
        scores = [None] * len(lines)
        for i, chunk in enumerate(parts):
            scores[i::n] = chunk
        scored = [(l.strip(), s) for l, s in zip(lines, scores) if s is not None]
        with open(a.out + ".scores", "w") as f:
            for data, s in scored:
                f.write(f"{data}\t{s}\n")
        print(f"{len(scored)} of {len(lines)} positions scored at depth {a.depth}", file=sys.stderr)

    rows = []
    for data, s in scored:
        parts, ri = fields(data)
        rows.append((RESULTS[parts[ri][7:]], s))
    k, e = fit_k(rows)
    print(f"K_sf {k:.4f}: error of sigmoid(K_sf * score) against the results {e:.6f}",
          file=sys.stderr)
    with open(a.out, "w") as f:
        for (data, s), (r, _) in zip(scored, rows):
            parts, ri = fields(data)
            parts[ri] = "result %.4f" % (a.lam * r + (1 - a.lam) * sigmoid(k, s))
            f.write("; ".join(parts) + "\n")


if __name__ == "__main__":
    main()
