"""Calls per second of `menagerie` against pyffish on the same machine, in one run
(docs/performance.md): legal_moves, get_fen and Board push+pop over the positions of a fixed
game of chess, and perft nodes per second through the package. Run where both are installed:
    python3 engine/python/bench.py
"""
import time

import menagerie
import pyffish

START = menagerie.start_fen("chess")


def line():
    """60 plies chosen by a fixed rule (the middle legal move)."""
    moves = []
    for _ in range(60):
        legal = menagerie.legal_moves("chess", START, moves)
        if not legal:
            break
        moves.append(sorted(legal)[len(legal) // 2])
    return moves


def rate(body, prefixes):
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.5:
        for p in prefixes:
            body(p)
            calls += 1
    return calls / (time.perf_counter() - start)


def main():
    moves = line()
    prefixes = [moves[:i] for i in range(len(moves))]
    fens = [menagerie.get_fen("chess", START, p) for p in prefixes]
    rows = [
        ("legal_moves", lambda m: lambda p: m.legal_moves("chess", START, p)),
        ("get_fen", lambda m: lambda p: m.get_fen("chess", START, p)),
    ]
    print(f"{'call':<14}{'menagerie/s':>14}{'pyffish/s':>12}{'ratio':>8}")
    for name, make in rows:
        ours, theirs = rate(make(menagerie), prefixes), rate(make(pyffish), prefixes)
        print(f"{name:<14}{ours:>14.0f}{theirs:>12.0f}{ours / theirs:>8.2f}")
    # push+pop on a Board (pyffish has no board: its nearest is get_fen with one more move).
    boards = [menagerie.Board("chess", fen=f) for f in fens]

    def push_pop(i):
        b = boards[i % len(boards)]
        b.push(b.legal_moves[0])
        b.pop()

    ours = rate(push_pop, range(len(boards)))
    print(f"{'Board push+pop':<14}{ours:>14.0f}{'-':>12}{'-':>8}")
    kiwi = menagerie.Board("chess", fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    start = time.perf_counter()
    nodes = kiwi.perft(5)
    s = time.perf_counter() - start
    print(f"perft 5 kiwipete: {nodes} nodes in {s:.2f} s, {nodes / s / 1e6:.1f} M nodes/s")


if __name__ == "__main__":
    main()
