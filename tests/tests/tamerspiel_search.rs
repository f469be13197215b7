//! Search in `tamerspiel`: hand-made mates (and a non-mate the swap rule saves), a legal move from
//! every position of `tests/data/tamerspiel.perft`, several threads.

use menagerie_tests::load_perft_file;
use movegen::rules::Rules;
use movegen::variants::tamerspiel::TamerSpiel;
use search::{Config, Limits, Score, Searcher};

fn search(fen: &str, depth: u32, threads: usize) -> (TamerSpiel, search::Outcome) {
    let pos = TamerSpiel::from_fen(fen).unwrap();
    let s = Searcher::new(threads, 16, engine::clock::SystemTimer::shared());
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let out = s.search_sync(&pos, &[], &limits, &Config::default());
    (pos, out)
}

fn legal(pos: &TamerSpiel) -> Vec<movegen::Move> {
    let mut l = <TamerSpiel as Rules>::Moves::default();
    pos.legal_moves(&mut l);
    l.to_vec()
}

/// White: Rook b7 (covers rank 7, so k7), Rook c1, King g1. Black: King l8 in its own citadel
/// (neighbours k8 and k7 only: l7 is a hole), Guard e5. Black's swap is used (flag `w`).
/// 1. c1c8 is mate: k8 and k7 are covered, nothing captures or interposes.
const MATE_1: &str = "11k/*R9*/*10*/*3g6*/*10*/*10*/*10*/2R3K5 w - - 0 1 w";

/// The same board with Black's swap unused (`wb`): after c1c8+ Black swaps King l8 and Guard
/// e5 (e5 is not attacked), so there is no mate in one.
const SWAP_SAVES: &str = "11k/*R9*/*10*/*3g6*/*10*/*10*/*10*/2R3K5 w - - 0 1 wb";

/// White: Rooks b6 and c5, King g1. Black: King l8 alone. No check mates at once (c5c8+ or
/// b6b8+ let the King out to k7), but 1. b6b7 (or c5c7) takes rank 7: the King must go to k8,
/// and 2. c5c8 (b6b8) mates along rank 8 (l8 is on the ray, j7/k7 covered, l7 a hole).
const MATE_2: &str = "11k/*10*/*R9*/*1R8*/*10*/*10*/*10*/6K5 w - - 0 1 -";

/// MATE_2 with colours swapped and the board turned by 180 degrees: Black mates in two.
const MATE_2_BLACK: &str = "5k6/*10*/*10*/*10*/*8r1*/*9r*/*10*/K11 b - - 0 1 -";

#[test]
fn mate_in_one() {
    let (pos, out) = search(MATE_1, 3, 1);
    assert_eq!(pos.move_text(out.best.unwrap()), "c1c8");
    assert_eq!(Score::from_internal(out.score), Score::Mate(1));
}

#[test]
fn the_swap_is_no_mate() {
    let (pos, out) = search(SWAP_SAVES, 3, 1);
    assert_ne!(Score::from_internal(out.score), Score::Mate(1), "{:?}", out);
    // After c1c8+ the swap is Black's only move, and the search knows it.
    let after = pos.play(pos.parse_move("c1c8").unwrap());
    let replies: Vec<String> = legal(&after).iter().map(|&m| after.move_text(m)).collect();
    assert_eq!(replies, ["l8e5"]);
}

#[test]
fn mate_in_two_both_colours() {
    for fen in [MATE_2, MATE_2_BLACK] {
        let (pos, out) = search(fen, 5, 1);
        assert_eq!(Score::from_internal(out.score), Score::Mate(2), "{fen}: {out:?}");
        // The line it found mates: after its three plies the side to move has no move and is
        // in check.
        assert!(out.pv.len() >= 3, "{out:?}");
        let end = out.pv[..3].iter().fold(pos, |p, &m| p.play(m));
        assert!(legal(&end).is_empty() && end.is_check(), "{fen}: {:?}", out.pv);
    }
}

#[test]
fn a_legal_move_from_every_perft_position() {
    let cases = load_perft_file("tamerspiel.perft");
    assert!(cases.len() >= 10);
    for c in cases {
        let (pos, out) = search(&c.fen, 3, 1);
        let moves = legal(&pos);
        match out.best {
            Some(m) => assert!(moves.contains(&m), "{}: {m:?} illegal", c.id),
            None => assert!(moves.is_empty(), "{}: no move although legal moves exist", c.id),
        }
    }
}

#[test]
fn several_threads() {
    for fen in [movegen::variants::tamerspiel::START_FEN, MATE_2] {
        let (pos, out) = search(fen, 5, 3);
        assert!(legal(&pos).contains(&out.best.unwrap()), "{fen}");
    }
    let (_, out) = search(MATE_2, 5, 3);
    assert_eq!(Score::from_internal(out.score), Score::Mate(2));
}
