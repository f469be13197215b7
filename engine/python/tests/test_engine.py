"""The in-process engine: analysis results, limits, the GIL released, Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import menagerie

BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def test_finds_mate_in_one():
    info = menagerie.Engine().analyse(menagerie.Board(fen=BACK_RANK), depth=4)
    assert info["pv"][0] == "a1a8"
    assert info["mate"] == 1 and info["score"] == menagerie.VALUE_MATE - 1
    assert info["depth"] >= 1


def test_mated_side_sees_negative_mate():
    board = menagerie.Board(fen=BACK_RANK)
    board.push("g1f1")
    board.push("h7h6")
    board.push("f1e1")
    info = menagerie.Engine().analyse(board, depth=4)
    assert info["mate"] is None or info["mate"] > 0 or info["score"] < 0


def test_a_mated_position_has_an_empty_line():
    board = menagerie.Board(fen="R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    info = menagerie.Engine().analyse(board, depth=3)
    assert info["pv"] == [] and info["mate"] == 0 and info["score"] == -menagerie.VALUE_MATE
    assert menagerie.Engine().play(board, depth=3) is None


def test_multipv_lists_distinct_lines():
    lines = menagerie.Engine().analyse(menagerie.Board(), depth=3, multipv=3)
    assert len(lines) == 3
    assert [l["multipv"] for l in lines] == [1, 2, 3]
    assert all(l["depth"] == 3 for l in lines)
    assert len({l["pv"][0] for l in lines}) == 3


def test_nodes_and_time_limits():
    engine = menagerie.Engine(threads=1, hash_mb=8)
    assert engine.analyse(menagerie.Board(), nodes=2000)["nodes"] < 20000
    t = time.monotonic()
    engine.analyse(menagerie.Board(), time=0.2)
    assert time.monotonic() - t < 3
    with pytest.raises(ValueError):
        engine.analyse(menagerie.Board())


@pytest.mark.parametrize("variant", menagerie.variants())
def test_play_gives_a_legal_move(variant):
    board = menagerie.Board(variant, seed=2)
    move = menagerie.Engine().play(board, depth=2)
    board.push(move)


def test_search_releases_the_gil():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.005)

    t = threading.Thread(target=count)
    t.start()
    menagerie.Engine().analyse(menagerie.Board(), time=0.5)
    stop.set()
    t.join()
    assert len(ticks) > 20


def test_one_engine_shared_by_threads():
    engine = menagerie.Engine()
    results = []

    def work():
        results.append(engine.analyse(menagerie.Board(), time=0.3)["depth"])

    threads = [threading.Thread(target=work, daemon=True) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
    assert not any(t.is_alive() for t in threads), "a search never finished"
    assert len(results) == 3 and all(d >= 1 for d in results)


def test_ctrl_c_stops_the_search():
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    t = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        menagerie.Engine().analyse(menagerie.Board(), time=30)
    assert time.monotonic() - t < 5
    timer.join()
