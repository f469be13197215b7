//! Search in `pieceeater`: a legal move from every position of `tests/data/pieceeater.perft`,
//! a king capture found, and several threads on one search.

use menagerie_tests::load_perft_file;
use movegen::rules::Rules;
use movegen::variants::pieceeater::PieceEater;
use movegen::Move;
use search::{Config, Limits, Searcher};

fn legal(p: &PieceEater) -> Vec<Move> {
    let mut l = <PieceEater as Rules>::Moves::default();
    p.legal_moves(&mut l);
    l.iter().copied().collect()
}

fn best(p: &PieceEater, threads: usize, nodes: u64) -> Option<Move> {
    let s = Searcher::new(threads, 16, engine::clock::SystemTimer::shared());
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    s.search_sync(p, &[], &limits, &Config::default()).best
}

#[test]
fn legal_move_from_every_perft_position() {
    for case in load_perft_file("pieceeater.perft") {
        let p = PieceEater::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        let moves = legal(&p);
        let b = best(&p, 1, 20_000);
        match b {
            Some(m) => assert!(moves.contains(&m), "{}: illegal {:?}", case.fen, m),
            None => assert!(moves.is_empty(), "{}: no move although legal ones exist", case.fen),
        }
    }
}

#[test]
fn captures_the_king() {
    // White's rook on a1 and Black's king on a8 with nothing between: a1a8 takes the king and
    // wins at once (the goal of the game; no PE step follows). The PE on e4 is far from the
    // a-file and cannot block. Any other move lets the game go on.
    let p = PieceEater::from_fen("k7/8/8/8/4X3/8/8/R3K3[] w - - 0 1 -").unwrap();
    let m = best(&p, 1, 50_000).expect("a move");
    assert_eq!(p.move_text(m), "a1a8");
}

#[test]
fn threads_do_not_crash() {
    let p = PieceEater::startpos();
    let m = best(&p, 3, 60_000).expect("a move");
    assert!(legal(&p).contains(&m));
}
