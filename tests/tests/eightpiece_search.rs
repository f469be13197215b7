//! Search in `eightpiece`: hand-made mates that need the variant's rules (the jailer's hold, the
//! held king that may not pass out of check, the lancer turning after its move), a legal move
//! from every position of `tests/data/eightpiece.perft`, and searches with two threads.

use menagerie_tests::load_perft_file;
use movegen::rules::Rules;
use movegen::variants::eightpiece::EightPiece;
use movegen::Move;
use search::{Config, Limits, Score, Searcher};

fn search(fen: &str, depth: u32, threads: usize) -> (EightPiece, Option<Move>, Score) {
    let pos = EightPiece::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let s = Searcher::new(threads, 16, engine::clock::SystemTimer::shared());
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let o = s.search_sync(&pos, &[], &limits, &Config::default());
    (pos, o.best, Score::from_internal(o.score))
}

fn legal(pos: &EightPiece) -> Vec<Move> {
    let mut l = <EightPiece as Rules>::Moves::default();
    pos.legal_moves(&mut l);
    l.to_vec()
}

/// (FEN, mate in N for the side to move, the mating first moves, why).
const MATES: &[(&str, i32, &[&str], &str)] = &[
    (
        "k7/J7/2K5/8/8/8/8/8 w - - 0 1",
        1,
        &["c6b7"],
        "K+J: the jailer a7 holds the king a8, which therefore attacks nothing (8P-1); the white \
         king steps next to it, giving check; held, it cannot step, and it may not pass out of \
         check (8P-2)",
    ),
    (
        "k7/7J/2K5/8/8/8/8/8 w - - 0 1",
        2,
        &["h7a7"],
        "K+J in two: Ja7 holds the king (its only move is then the pass), Kb7 mates. Kb7 at once \
         is illegal (next to an unheld king)",
    ),
    (
        "kJ6/8/8/8/8/2K5/7R/8 w - - 0 1",
        1,
        &["h2a2"],
        "the held king a8 is checked along the a-file and may neither step nor pass",
    ),
    (
        "7k/6pp/8/8/8/8/8/L(n)5K1 w - - 0 1",
        1,
        &["a1a8=e"],
        "back-rank mate by a lancer: it rides a1-a8 (facing n) and turns east on arrival (7.2), \
         attacking b8..h8; g8 is covered, g7/h7 are Black's own pawns",
    ),
];

#[test]
fn finds_hand_made_mates() {
    for &(fen, n, firsts, why) in MATES {
        let (pos, best, score) = search(fen, (2 * n as u32 + 2).max(4), 1);
        let best = best.expect("a move");
        assert_eq!(score, Score::Mate(n), "{fen} ({why})");
        assert!(
            firsts.contains(&pos.move_text(best).as_str()),
            "{fen}: {} ({why})",
            pos.move_text(best)
        );
    }
}

/// The side to move is mated: the held king in check (8P-2) has no move, so the search
/// returns none; a held king not in check always has the pass.
#[test]
fn no_move_when_mated_and_the_pass_when_held() {
    // Black king a8 held by Ja7 and checked by the white king b7 (Black to move).
    let (_, best, _) = search("k7/JK6/8/8/8/8/8/8 b - - 0 1", 3, 1);
    assert!(best.is_none());
    // The same without the check: the pass is its only move.
    let (pos, best, _) = search("k7/J7/8/2K5/8/8/8/8 b - - 0 1", 3, 1);
    assert_eq!(pos.move_text(best.expect("the pass")), "0000");
}

#[test]
fn legal_move_from_every_perft_position() {
    let cases = load_perft_file("eightpiece.perft");
    assert!(cases.len() >= 25);
    for case in cases {
        for threads in [1, 2] {
            let (pos, best, _) = search(&case.fen, 4, threads);
            let moves = legal(&pos);
            match best {
                Some(m) => assert!(moves.contains(&m), "{}: {}", case.id, pos.move_text(m)),
                None => assert!(moves.is_empty(), "{}: no move returned", case.id),
            }
        }
    }
}

#[test]
fn threads_search_the_start_position() {
    let (pos, best, _) =
        search("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1", 6, 2);
    assert!(legal(&pos).contains(&best.expect("a move")));
}
