#!/usr/bin/env python3
"""Menagerie's chess rating on Stockfish 15.1's UCI_Elo scale, from gauntlet matches.

Usage: bench/gauntlet.py strength-gauntlet-sf2000.json strength-gauntlet-sf2200.json ...

Each file is a `menagerie match --json` summary of Menagerie (first engine) against Stockfish
with UCI_LimitStrength at UCI_Elo NNNN, the level read from the second engine's name
("... UCI_Elo NNNN") or the file name (sfNNNN). For each level: the score from the game pairs'
pentanomial results, its Elo difference with a 95% interval, and the implied rating
(level + difference). The combined rating is the inverse-variance weighted mean of the implied
ratings, taking Stockfish's levels as exact (its authors fitted them to games against engines
rated by CCRL, at a time control of their own; at others they are approximate).
"""
import json
import math
import re
import sys


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def pair_stats(ptnml):
    """Per-game score of the pairs: mean and its standard error."""
    n = sum(ptnml)
    if n < 2:
        return None
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    mean = sum(v * c for v, c in zip(values, ptnml)) / n
    var = sum(c * (v - mean) ** 2 for v, c in zip(values, ptnml)) / (n - 1)
    return mean, math.sqrt(var / n), n


def level_of(path, summary):
    for text in summary.get("engines", [])[1:] + [path]:
        m = re.search(r"UCI_Elo[ =]?(\d{3,4})|sf(\d{3,4})", text)
        if m:
            return int(m.group(1) or m.group(2))
    sys.exit(f"{path}: no UCI_Elo level in the engine name or file name")


def main(paths):
    rows = []
    print(f"{'level':>6} {'games':>6} {'W-D-L':>12} {'score':>7} {'Elo diff (95%)':>24} {'rating':>7}")
    for path in paths:
        with open(path) as f:
            s = json.load(f)
        level = level_of(path, s)
        w, d, l = s["wdl"]["wins"], s["wdl"]["draws"], s["wdl"]["losses"]
        stats = pair_stats(s["ptnml"])
        if stats is None:
            print(f"{level:>6} {w + d + l:>6} {w}-{d}-{l}: too few game pairs")
            continue
        mean, se, pairs = stats
        clamp = lambda x: min(max(x, 1e-4), 1 - 1e-4)
        diff = elo(clamp(mean))
        lo, hi = elo(clamp(mean - 1.96 * se)), elo(clamp(mean + 1.96 * se))
        # Standard error in Elo by the slope of the Elo curve at the score (delta method).
        se_elo = se * 400.0 / (math.log(10) * clamp(mean) * (1 - clamp(mean)))
        rows.append((level + diff, se_elo))
        print(f"{level:>6} {w + d + l:>6} {f'{w}-{d}-{l}':>12} {mean:>7.3f} "
              f"{diff:>+8.1f} [{lo:+.0f}, {hi:+.0f}] {level + diff:>7.0f}")
    if rows:
        weights = [1 / (se * se) for _, se in rows if se > 0]
        if len(weights) == len(rows):
            r = sum(x * wt for (x, _), wt in zip(rows, weights)) / sum(weights)
            se = math.sqrt(1 / sum(weights))
            print(f"rating on Stockfish's UCI_Elo scale: {r:.0f} +/- {1.96 * se:.0f} (95%)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
