//! The search in `magician`: hand-made mates that need the variant's own moves (the switch, the
//! 6th-rank trigger, promotion to the Magician), a legal move from every position of
//! `tests/data/magician.perft`, and several threads on one search.

use menagerie_tests::load_perft_file;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use search::{Config, Limits, Score, Searcher};
use std::time::Duration;

fn pos(fen: &str) -> Magician {
    Magician::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Searches `fen` to `depth`; returns the best move's text and the score.
fn search(fen: &str, depth: u32) -> (String, Score) {
    let p = pos(fen);
    let s = Searcher::new(1, 16, engine::clock::SystemTimer::shared());
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let out = s.search_sync(&p, &[], &limits, &Config::default());
    let best = out.best.expect("a move");
    (p.move_text(best), Score::from_internal(out.score))
}

/// Plays `moves` from `fen` and says whether the side to move is then mated.
fn mated_after(fen: &str, moves: &[&str]) -> bool {
    let mut p = pos(fen);
    for m in moves {
        p = p.play(p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}")));
    }
    let mut l = <Magician as Rules>::Moves::default();
    p.legal_moves(&mut l);
    l.is_empty() && p.in_check()
}

#[test]
fn mate_in_one_by_switching_in_the_magician() {
    // White Kc7 and a moved bishop on a6 against Ka8. Switched in, the Magician on a6
    // attacks a8 by her 2-square leap up the file (cD), a7 and b7 as neighbours, and the
    // king covers b8 and b7: mate, which no bishop move gives (Bb7+ leaves a7 free).
    let fen = "k7/2K5/B7/8/8/8/8/8 w - - 0 1 Mm";
    assert!(mated_after(fen, &["a6a6m"]));
    assert_eq!(search(fen, 4), ("a6a6m".to_string(), Score::Mate(1)));
    // The same for Black, mirrored: Kc2 and a bishop on a3 against Ka1.
    let fen = "8/8/8/8/8/b7/2k5/K7 b - - 0 1 Mm";
    assert_eq!(search(fen, 4), ("a3a3m".to_string(), Score::Mate(1)));
}

#[test]
fn mate_in_one_by_the_sixth_rank_trigger() {
    // White's unpromoted Magician on f7 is a knight's leap from Black's Kh8, which she cannot
    // capture on. b5-b6 brings a pawn to White's 6th rank: she promotes by Black's strongest
    // orthodox piece, the queen, to a Prime Minister, whose knight capture checks h8. The
    // leap cannot be blocked, the queen on a3 cannot reach f7, g8 is her neighbour and g7/h7
    // hold Black's own pawns: mate by a plain pawn move.
    let fen = "7k/5Mpp/8/1P6/8/q7/8/4K3 w - - 0 1 m";
    assert!(mated_after(fen, &["b5b6"]));
    assert_eq!(search(fen, 4), ("b5b6".to_string(), Score::Mate(1)));
}

#[test]
fn mate_in_one_by_promoting_to_the_magician() {
    // e7-e8 promoting to the Magician: Black's strongest orthodox piece is the a1 knight, so
    // she becomes a High-Priestess at once, who captures the whole 5x5 around e8: g7 by a
    // knight leap (check), f6, f7, f8, g6 and g8 too, while the rook on h1 holds h6-h8. A queen
    // on e8 would not even give check.
    let fen = "8/4P1k1/8/8/8/8/8/n3K2R w - - 0 1 M";
    assert!(mated_after(fen, &["e7e8m"]));
    assert!(!mated_after(fen, &["e7e8q"]));
    assert_eq!(search(fen, 4), ("e7e8m".to_string(), Score::Mate(1)));
}

#[test]
fn mate_in_two_switch_then_trigger() {
    // White's moved bishop on f7 switches (1. Bf7=M, no check: M has no knight capture, but
    // g8 is now covered); Black has only pawn and knight moves, none of which covers b6 or f7;
    // 2. b6 makes her a High-Priestess (Black's strongest orthodox piece is the knight), whose
    // knight capture mates on h8 (g7/h7 and g8 covered as above, also when a pawn has moved).
    // Playing b6 first does not work: the Magician is not on the board yet.
    let fen = "7k/5Bpp/8/1P6/8/8/8/n6K w - - 0 1 M";
    for reply in ["g7g6", "g7g5", "h7h6", "h7h5", "a1b3", "a1c2"] {
        assert!(mated_after(fen, &["f7f7m", reply, "b5b6"]), "after {reply}");
    }
    assert_eq!(search(fen, 5), ("f7f7m".to_string(), Score::Mate(2)));
}

#[test]
fn legal_move_from_every_perft_position() {
    let cases = load_perft_file("magician.perft");
    assert!(cases.len() >= 30);
    let s = Searcher::new(1, 16, engine::clock::SystemTimer::shared());
    for case in &cases {
        let p = pos(&case.fen);
        let mut legal = <Magician as Rules>::Moves::default();
        p.legal_moves(&mut legal);
        for limits in [
            Limits { depth: Some(3), ..Limits::default() },
            Limits { nodes: Some(3_000), ..Limits::default() },
        ] {
            let out = s.search_sync(&p, &[], &limits, &Config::default());
            match out.best {
                Some(m) => assert!(legal.contains(&m), "{}: illegal {m:?}", case.id),
                None => assert!(legal.is_empty(), "{}: no move", case.id),
            }
        }
    }
}

#[test]
fn several_threads_search_and_agree_on_legality() {
    let s = Searcher::new(3, 16, engine::clock::SystemTimer::shared());
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm",
        "r1bqk2r/pp3ppp/2n2n2/2bpP3/8/2PM1N2/PP3PPP/RNBQK2R w KQkq - 0 8 m",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 Mm",
    ] {
        let p = pos(fen);
        let mut legal = <Magician as Rules>::Moves::default();
        p.legal_moves(&mut legal);
        for _ in 0..2 {
            let limits = Limits { movetime: Some(Duration::from_millis(150)), ..Limits::default() };
            let out = s.search_sync(&p, &[], &limits, &Config::default());
            assert!(legal.contains(&out.best.expect("a move")), "{fen}");
        }
    }
    // The mate is still found with helpers sharing the table.
    let p = pos("7k/5Bpp/8/1P6/8/8/8/n6K w - - 0 1 M");
    let out =
        s.search_sync(&p, &[], &Limits { depth: Some(5), ..Limits::default() }, &Config::default());
    assert_eq!(p.move_text(out.best.unwrap()), "f7f7m");
}
