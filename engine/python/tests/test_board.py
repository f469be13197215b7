"""The python-chess-style layer: Board in every variant, the variant table, the exceptions."""

import copy

import pytest

import menagerie
from conftest import VARIANTS


def test_variants_are_the_seven_ids():
    assert menagerie.variants() == VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_starts_lists_pushes_and_pops(variant):
    board = menagerie.Board(variant, seed=7)
    start = board.fen()
    assert board.variant == variant
    assert board.turn is True and board.ply == 0 and board.move_stack == []
    first = board.legal_moves
    assert first and all(isinstance(m, str) for m in first)
    played = []
    for i in range(6):
        moves = board.legal_moves
        if not moves:
            break
        played.append(board.push(moves[(i * 5) % len(moves)]))
        assert board.turn is (len(played) % 2 == 0)
    assert board.move_stack == played
    for expected in reversed(played):
        assert board.pop() == expected
    assert board.fen() == start
    assert board.legal_moves == first
    with pytest.raises(IndexError):
        board.pop()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_has_its_table_entry(variant):
    info = menagerie.Board(variant, seed=3).variant_info()
    assert info["id"] == variant
    assert info["files"] >= 8 and info["ranks"] >= 8
    assert isinstance(info["pieces"], list) and info["pieces"]
    assert isinstance(info["forms"], list)
    assert menagerie.variant_info(variant) == info


def test_chess_game_san_check_outcome():
    board = menagerie.Board()
    assert board.san("g1f3") == "Nf3"
    for san in ["f3", "e5", "g4"]:
        board.push_san(san)
    assert not board.is_check() and not board.is_game_over() and board.outcome() is None
    assert board.san("d8h4") == "Qh4#"
    board.push_san("Qh4#")
    assert board.is_check() and board.is_game_over()
    outcome = board.outcome()
    assert outcome.winner is False and outcome.result() == "0-1"
    assert "mate" in outcome.termination.lower() or "mate" in outcome.rule.lower()
    assert board.legal_moves == []


def test_stalemate_is_a_draw():
    board = menagerie.Board(fen="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert board.legal_moves == [] and not board.is_check()
    assert board.outcome().winner is None and board.outcome().result() == "1/2-1/2"


def test_copy_is_independent():
    board = menagerie.Board()
    board.push("e2e4")
    other = board.copy()
    other.push("e7e5")
    assert board.move_stack == ["e2e4"] and other.move_stack == ["e2e4", "e7e5"]
    assert copy.deepcopy(other).fen() == other.fen()


def test_seeded_random_setups_repeat():
    a = menagerie.Board("eightpiece-random", seed=42)
    b = menagerie.Board("eightpiece-random", seed=42)
    assert a.fen() == b.fen() and a.setup == b.setup
    assert menagerie.Board("eightpiece-random", setup=0).setup == 0


def test_chance_action_is_rolled_by_the_seeded_die():
    a = menagerie.Board("pieceeater", seed=5)
    b = menagerie.Board("pieceeater", seed=5)
    action = a.legal_actions[0]
    assert "," not in action
    whole = a.push(action)
    assert whole.startswith(action + ",") and whole in b.legal_moves
    assert b.push(action) == whole


# --- errors ----------------------------------------------------------------------------------


def test_unknown_variant():
    with pytest.raises(menagerie.UnknownVariantError) as e:
        menagerie.Board("nochess")
    assert e.value.name == "nochess"
    with pytest.raises(menagerie.UnknownVariantError):
        menagerie.start_fen("nochess")


def test_bad_fen_names_its_field():
    with pytest.raises(menagerie.FenError) as e:
        menagerie.Board(fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    assert e.value.field == "side"
    assert isinstance(e.value, menagerie.Error) and isinstance(e.value, ValueError)


def test_move_errors_have_kinds():
    board = menagerie.Board()
    with pytest.raises(menagerie.IllegalMoveError) as e:
        board.push("e2e5")
    assert type(e.value) is menagerie.IllegalMoveError and e.value.text == "e2e5"
    with pytest.raises(menagerie.MalformedMoveError):
        board.push("hello")
    with pytest.raises(menagerie.IllegalMoveError):
        board.push_san("Ke2")
    with pytest.raises(menagerie.IllegalMoveError):
        menagerie.legal_moves("chess", menagerie.start_fen("chess"), ["e2e4", "e2e4"])
    assert board.move_stack == []


def test_setup_errors():
    with pytest.raises(menagerie.SetupError):
        menagerie.Board("chess", setup=1)
    with pytest.raises(menagerie.SetupError):
        menagerie.Board("eightpiece-random", setup=10**9)


def test_resources_error():
    with pytest.raises(menagerie.ResourceError):
        menagerie.Engine(hash_mb=1 << 40)


def test_typing_files_ship_with_the_package():
    from importlib import resources

    files = {p.name for p in resources.files("menagerie").iterdir()} if hasattr(resources, "files") else set()
    assert "py.typed" in files and "__init__.pyi" in files
