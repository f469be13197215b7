//! Search in `jumpingknights`: hand-made wins in one (a War Machine mate whose check jumps two
//! squares, a Rule 2 stalemate win, a Rule 4-forced jump), the draw side of Rule 2, a legal move
//! from every position of `tests/data/jumpingknights.perft`, and searches on two threads.

use movegen::rules::Rules;
use movegen::variants::jumpingknights::JumpingKnights;
use search::time::Limits;
use search::{Config, Score, Searcher};
use std::time::Duration;

fn pos(fen: &str) -> JumpingKnights {
    JumpingKnights::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

fn legal(p: &JumpingKnights) -> Vec<String> {
    let mut list = <JumpingKnights as Rules>::Moves::default();
    p.legal_moves(&mut list);
    list.iter().map(|&m| p.move_text(m)).collect()
}

#[test]
fn war_machine_mate_in_one() {
    // Black Kh8 is boxed in by its own Bg8 and pawns g7 h7; its other neighbours (g9 h9 i9 i8
    // i7) are edge squares, where a quiet move may not end, and nothing White stands next to
    // it. White's War Machine e5 jumps 3 to e8 (central, empty): from e8 it can 3-jump onto h8
    // and step on to i8 (empty), so Black is in check (JK-2: the jump passes f8 and g8 whatever
    // stands there). No Black unit can jump e8 (the bishop and pawns are on other lines) or land
    // on i8, and the king cannot move: mate. The same holds for the 3-jump e5-h5: from h5 the
    // War Machine 3-jumps over h6 h7 onto h8 and steps on to h9 (empty); the pawns g7 h7
    // capture only diagonally forward (f6 h6 / g6 i6) and the bishop's diagonals miss h5. So
    // there are exactly two mates in one. White Kb1 is off every Black line.
    let p = pos("10/7bk1/7pp1/10/5W4/10/10/10/2K7/10 w - - 0 1");
    let s = Searcher::new(1, 16, engine::clock::SystemTimer::shared());
    let o = s.search_sync(&p, &[], &depth(4), &Config::default());
    assert_eq!(Score::from_internal(o.score), Score::Mate(1), "pv {:?}", o.pv);
    let best = p.move_text(o.best.unwrap());
    assert!(["e5e8", "e5h5"].contains(&best.as_str()), "{best}");
    // By the rules crate: after it Black has no legal move and is in check.
    let after = p.play(o.best.unwrap());
    assert!(legal(&after).is_empty());
    assert!(after.in_check());
}

#[test]
fn stalemate_win_in_one_and_the_drawn_kind() {
    // Rule 2: White Ke3 Rb1, Black Kz9 and a pawn z5 (edge squares). Rb1-a1 covers a8, the
    // Black king's only central step (a9 and z8 are edge squares; a corner king is never in
    // check, no square lies beyond it); the pawn cannot step onto the edge square z4 and has
    // nothing to jump. Black is stalemated with units on the edge, White's king is central:
    // White wins, so the search scores it as a win in one.
    let p = pos("k9/10/10/10/p9/10/5K4/10/2R7/10 w - - 0 1");
    let s = Searcher::new(1, 16, engine::clock::SystemTimer::shared());
    let o = s.search_sync(&p, &[], &depth(4), &Config::default());
    assert_eq!(Score::from_internal(o.score), Score::Mate(1), "pv {:?}", o.pv);
    assert_eq!(p.move_text(o.best.unwrap()), "b1a1");
    // The same with White's king on the edge square z3 (its only job was to be central): the
    // stalemate is a draw now, and no other White move wins at once, so no mate in one.
    let p = pos("k9/10/10/10/p9/10/K9/10/2R7/10 w - - 0 1");
    let o = s.search_sync(&p, &[], &depth(3), &Config::default());
    assert_ne!(Score::from_internal(o.score), Score::Mate(1), "pv {:?}", o.pv);
}

#[test]
fn rule4_forced_jump_is_chosen() {
    // The rule book's Rule 4 example without the rook: White Ke3 and War Machine b0, Black Kh8
    // and Nightrider b1. The edge War Machine can jump the nightrider onto b2 or b4; nothing
    // gives check, so these are the only legal moves, and the search returns one of them.
    let p = pos("10/8k1/10/10/10/10/5K4/10/2n7/2W7 w - - 0 1");
    let s = Searcher::new(1, 16, engine::clock::SystemTimer::shared());
    let o = s.search_sync(&p, &[], &depth(5), &Config::default());
    let best = p.move_text(o.best.unwrap());
    assert!(["b0b1,b1b2", "b0b1,b1b4"].contains(&best.as_str()), "{best}");
    // A piece up for White after it.
    assert!(o.score > 100, "score {}", o.score);
}

#[test]
fn a_legal_move_from_every_perft_position() {
    let s = Searcher::new(1, 16, engine::clock::SystemTimer::shared());
    for case in menagerie_tests::load_perft_file("jumpingknights.perft") {
        let p = pos(&case.fen);
        let moves = legal(&p);
        let limits = Limits { depth: Some(4), nodes: Some(20_000), ..Limits::default() };
        let o = s.search_sync(&p, &[], &limits, &Config::default());
        match o.best {
            Some(m) => {
                assert!(moves.contains(&p.move_text(m)), "{}: {}", case.id, p.move_text(m))
            }
            None => assert!(moves.is_empty(), "{}: no move but {moves:?}", case.id),
        }
    }
}

#[test]
fn two_threads_search_and_agree_on_legality() {
    let s = Searcher::new(2, 16, engine::clock::SystemTimer::shared());
    for case in menagerie_tests::load_perft_file("jumpingknights.perft").into_iter().take(6) {
        let p = pos(&case.fen);
        let moves = legal(&p);
        let limits = Limits { movetime: Some(Duration::from_millis(150)), ..Limits::default() };
        let o = s.search_sync(&p, &[], &limits, &Config::default());
        if let Some(m) = o.best {
            assert!(moves.contains(&p.move_text(m)), "{}: {}", case.id, p.move_text(m));
        } else {
            assert!(moves.is_empty(), "{}", case.id);
        }
    }
    // The mate is found with two threads as well.
    let p = pos("10/7bk1/7pp1/10/5W4/10/10/10/2K7/10 w - - 0 1");
    let o = s.search_sync(&p, &[], &depth(4), &Config::default());
    assert_eq!(Score::from_internal(o.score), Score::Mate(1));
    let best = p.move_text(o.best.unwrap());
    assert!(["e5e8", "e5h5"].contains(&best.as_str()), "{best}");
}
