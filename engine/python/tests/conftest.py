"""Shared data of the package's tests: the repository's perft files and the public suite."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "tests" / "data"
# The public chess perft suite as the project received it (beside the checkout), when present.
PUBLIC_EPD = REPO.parent / "shared" / "reference" / "perft-chess.epd"

VARIANTS = [
    "chess",
    "eightpiece",
    "eightpiece-random",
    "pieceeater",
    "magician",
    "tamerspiel",
    "jumpingknights",
]


def perft_file(name):
    """The positions of tests/data/<name>.perft: a list of (id, variant, fen, {depth: count})."""
    out = []
    for line in (DATA / f"{name}.perft").read_text().splitlines():
        line = line.strip()
        if line.startswith("id "):
            out.append([line[3:], name, None, {}])
        elif line.startswith("epd "):
            fen = line[4:]
            out[-1][2] = fen
            castling = fen.split(" ")[2]
            # The file marks eightpiece-random positions by Shredder castling letters.
            if name == "eightpiece" and re.sub("[KQkq-]", "", castling):
                out[-1][1] = "eightpiece-random"
        elif line.startswith("perft "):
            _, depth, count = line.split()
            out[-1][3][int(depth)] = int(count)
    return [tuple(p) for p in out]


def public_chess_positions():
    """The public perft suite's FENs: ../shared/reference/perft-chess.epd if present, else the
    copy in tests/data/chess.perft (its first six positions)."""
    if PUBLIC_EPD.exists():
        return [l.split(";")[0].strip() for l in PUBLIC_EPD.read_text().splitlines() if l.strip()]
    return [fen for _, _, fen, _ in perft_file("chess")[:6]]
