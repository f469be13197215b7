"""The package agrees with the native engine on the positions of the protocol transcripts
(bench/transcripts/scripts/*.uci): for every `position` command, the board the package builds
has the engine's FEN (the e.p. field aside: the pyffish layer writes pyffish's) and the engine's
legal moves (`go perft 1`). MENAGERIE_BIN names the native engine (engine/python/ci.sh passes
target/<profile>/menagerie); without it the test is skipped."""

import os
import subprocess

import pytest

import menagerie
from conftest import REPO

SCRIPTS = REPO / "bench" / "transcripts" / "scripts"


def native(binary, setup):
    """The native engine's FEN and sorted legal moves after the UCI lines `setup`."""
    text = "uci\n" + "\n".join(setup) + "\nd\ngo perft 1\n"
    out = subprocess.run([binary], input=text, capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    fen = next((l[len("info string fen "):] for l in lines if l.startswith("info string fen ")), None)
    moves = sorted(l.split(":")[0] for l in lines if l.endswith(": 1") and " " not in l[:-3])
    return fen, moves


def no_ep(fen):
    return " ".join(f for i, f in enumerate(fen.split(" ")) if i != 3)


def test_transcript_positions_agree_with_the_engine():
    binary = os.environ.get("MENAGERIE_BIN")
    if not binary or not os.access(binary, os.X_OK):
        pytest.skip("SKIPPED: MENAGERIE_BIN (the native menagerie) is not set")
    checked = refused = 0
    for script in sorted(SCRIPTS.glob("*.uci")):
        variant = "chess"
        for line in script.read_text().splitlines():
            if line.startswith("setoption name UCI_Variant value "):
                name = line.split()[-1]
                if name != "nosuch":
                    variant = name
            if not line.startswith("position "):
                continue
            words = line.split()
            at = words.index("moves") if "moves" in words else len(words)
            head, moves = words[1:at], words[at + 1:]
            want_fen, want_moves = native(binary, [f"setoption name UCI_Variant value {variant}", line])
            try:
                # `startpos` is the engine's start with Seed 0: the pyffish layer's `start_fen`
                # (eightpiece-random: the same setup).
                fen = " ".join(head[1:]) if head[0] == "fen" else menagerie.start_fen(variant)
                board = menagerie.Board(variant, fen=fen)
                for m in moves:
                    board.push(m)
            except (menagerie.Error, ValueError):
                # The engine refused it too (the transcripts hold bad input on purpose).
                start, _ = native(binary, [f"setoption name UCI_Variant value {variant}"])
                assert want_fen == start, f"{script.name}: {line}"
                refused += 1
                continue
            assert no_ep(board.fen()) == no_ep(want_fen), f"{script.name}: {line}"
            assert sorted(board.legal_moves) == want_moves, f"{script.name}: {line}"
            checked += 1
    assert checked >= 40, checked
    print(f"{checked} transcript positions agree with the native engine; {refused} refused by both")
