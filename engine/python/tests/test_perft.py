"""Perft through the package against the repository's perft files (counts derived there
independently of this package), in every variant."""

import pytest

import menagerie
from conftest import perft_file

FILES = ["chess", "eightpiece", "pieceeater", "magician", "tamerspiel", "jumpingknights"]
# Small enough for a test run: depth 2 and 3 counts up to this many leaves.
MAX_LEAVES = 150_000


def cases():
    out = []
    for name in FILES:
        taken = 0
        for pid, variant, fen, counts in perft_file(name):
            for depth in (2, 3):
                if depth in counts and counts[depth] <= MAX_LEAVES and taken < 4:
                    out.append(pytest.param(variant, fen, depth, counts[depth], id=f"{name}-{pid}-d{depth}"))
                    taken += 1
    return out


def test_every_file_has_cases():
    names = {c.id.split("-")[0] for c in cases()}
    assert names == set(FILES)


@pytest.mark.parametrize("variant,fen,depth,expected", cases())
def test_perft_matches_file(variant, fen, depth, expected):
    board = menagerie.Board(variant, fen=fen, seed=1)
    assert board.perft(depth) == expected


def test_divide_sums_to_perft():
    board = menagerie.Board("chess")
    rows = board.divide(2)
    assert len(rows) == 20 and sum(rows.values()) == 400 and rows["e2e4"] == 20
