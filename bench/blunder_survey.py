#!/usr/bin/env python3
"""Where Menagerie's lost chess games went wrong: the first large error of each lost game.

Usage: bench/blunder_survey.py GAMES.pgn [--depth 14] [--drop 120] [--floor -400] [--json F]

For every game of the PGN that Menagerie (the player whose name starts with "Menagerie") lost,
each of its moves is judged by Stockfish 15.1 at full strength (one thread, fixed depth): the
score before the move (Stockfish's best) and after it, from Menagerie's side. The first move
that loses at least --drop centipawns while the position was still better than --floor is that
game's first large error (Stockfish's own choice never counts: its score can fall too once
played, a horizon effect of the fixed depth). Printed: per game the move, Stockfish's choice, the scores and
Stockfish's best reply; then how the errors spread over the game (move number, material on the
board, size of the drop, whether the punishing reply is a capture or a check). Needs
python-chess (`pip install chess`) and `/usr/games/stockfish`. Runs at nice 19.
"""
import argparse
import json
import statistics

import chess
import chess.engine
import chess.pgn

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board):
    return sum(len(board.pieces(pt, c)) * v for pt, v in VALUES.items() for c in chess.COLORS)


def first_error(eng, game, depth, drop, floor):
    h = game.headers
    me = chess.WHITE if h["White"].startswith("Menagerie") else chess.BLACK
    board = game.board()
    limit = chess.engine.Limit(depth=depth)
    for node in game.mainline():
        mv = node.move
        if board.turn != me:
            board.push(mv)
            continue
        info = eng.analyse(board, limit)
        before = info["score"].pov(me).score(mate_score=3000)
        best = info.get("pv", [None])[0]
        played, best_san, fen = board.san(mv), board.san(best) if best else None, board.fen()
        board.push(mv)
        info = eng.analyse(board, limit)
        after = info["score"].pov(me).score(mate_score=3000)
        reply = info.get("pv", [None])[0]
        # Stockfish's own choice is never the error (its score can still fall a ply deeper).
        if before > floor and before - after >= drop and mv != best:
            return {
                "move": board.fullmove_number if me == chess.WHITE else board.fullmove_number - 1,
                "played": played, "best": best_san, "before": before, "after": after,
                "reply": board.san(reply) if reply else None,
                "reply_capture": bool(reply and board.is_capture(reply)),
                "reply_check": bool(reply and board.gives_check(reply)),
                "material": material(board), "fen": fen,
            }
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--drop", type=int, default=120)
    ap.add_argument("--floor", type=int, default=-400)
    ap.add_argument("--json", help="write the errors (one object per lost game) here")
    a = ap.parse_args()
    eng = chess.engine.SimpleEngine.popen_uci(["nice", "-n", "19", "/usr/games/stockfish"])
    eng.configure({"Threads": 1, "Hash": 64})
    errors, lost = [], 0
    with open(a.pgn) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            h = game.headers
            white = h["White"].startswith("Menagerie")
            if h["Result"] != ("0-1" if white else "1-0"):
                continue
            lost += 1
            e = first_error(eng, game, a.depth, a.drop, a.floor)
            if e:
                e["game"] = lost
                errors.append(e)
                print(f"{lost:3} move {e['move']:3} {e['played']:7} (best {e['best']}) "
                      f"{e['before']:+5} -> {e['after']:+5}, reply {e['reply']}", flush=True)
            else:
                print(f"{lost:3} no single error of {a.drop} cp", flush=True)
    eng.quit()
    if a.json:
        with open(a.json, "w") as f:
            json.dump(errors, f, indent=1)
    if not errors:
        return
    drops = [e["before"] - e["after"] for e in errors]
    print(f"\n{lost} lost games, {len(errors)} with a first error of >= {a.drop} cp")
    print(f"level or better before it (>= -50): {sum(e['before'] >= -50 for e in errors)}")
    print(f"move: median {statistics.median(e['move'] for e in errors)}, "
          f"range {min(e['move'] for e in errors)}-{max(e['move'] for e in errors)}")
    print(f"drop: median {statistics.median(drops)}, >= 300: {sum(d >= 300 for d in drops)}")
    m = [e["material"] for e in errors]
    print(f"material after it (of 78): >= 60 {sum(x >= 60 for x in m)}, "
          f"35-59 {sum(35 <= x < 60 for x in m)}, < 35 {sum(x < 35 for x in m)}")
    print(f"the punishing reply a capture: {sum(e['reply_capture'] for e in errors)}, "
          f"a check: {sum(e['reply_check'] for e in errors)}; "
          f"the error itself a capture: {sum('x' in e['played'] for e in errors)}")


if __name__ == "__main__":
    main()
