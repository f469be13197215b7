#!/usr/bin/env python3
"""python-chess (PyPI `chess`) drives Menagerie as a real client would, over UCI and over XBoard:
a short game against itself (every move validated by python-chess's own board) and an analysis.

Usage: python3 python_chess_client.py /path/to/menagerie
Exit code 0 on success; any protocol or legality problem raises.
"""
import sys

import chess
import chess.engine


def play_game(engine, limit, plies):
    board = chess.Board()
    for _ in range(plies):
        if board.is_game_over():
            break
        result = engine.play(board, limit)
        assert result.move is not None, "engine returned no move"
        assert result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}"
        board.push(result.move)
    return board


def analyse(engine):
    # Mate in one for White: Qxf7#.
    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    assert info["pv"][0] == chess.Move.from_uci("h5f7"), info
    assert info["score"].white().mate() == 1, info
    return info


def main():
    exe = sys.argv[1]
    with chess.engine.SimpleEngine.popen_uci(exe) as uci:
        assert "UCI_Variant" in uci.options, uci.options
        uci.configure({"Hash": 16, "Threads": 1})
        b = play_game(uci, chess.engine.Limit(time=0.05), 24)
        print(f"uci game ok: {b.fullmove_number - 1} moves, {b.fen()}")
        info = analyse(uci)
        print(f"uci analysis ok: {info['score']} {info['pv'][0]}")
    with chess.engine.SimpleEngine.popen_xboard(exe) as xb:
        b = play_game(xb, chess.engine.Limit(time=0.05), 24)
        print(f"xboard game ok: {b.fullmove_number - 1} moves, {b.fen()}")
        info = analyse(xb)
        print(f"xboard analysis ok: {info['score']} {info['pv'][0]}")


if __name__ == "__main__":
    main()
