//! Issue 8: the transposition table never makes the search return or print a move illegal in
//! the position. The table is polluted first: the root and every position two plies below it get
//! entries under their own keys whose moves are NOT legal there (moves of the parent position,
//! i.e. of the other side), both as deep exact entries (which cut the search off) and as shallow
//! move hints. The search must still answer with a legal move, and its principal variation must
//! be a legal sequence, at every depth.

use eval::Evaluator;
use movegen::rules::Rules;
use movegen::Move;
use search::tt::{Bound, Tt};
use search::worker::{Shared, Worker};
use std::sync::Arc;

fn legal<V: Rules>(p: &V) -> Vec<Move> {
    let mut l = V::Moves::default();
    p.legal_moves(&mut l);
    l.iter().copied().collect()
}

/// Stores, for `p` and its descendants down to `plies`, a move of `foreign` not legal in them.
fn pollute<V: Rules>(tt: &Tt, p: &V, foreign: &[Move], plies: u32, deep: bool) {
    let here = legal(p);
    if let Some(&bad) = foreign.iter().find(|m| !here.contains(m)) {
        let (depth, bound) = if deep { (60, Bound::Exact) } else { (0, Bound::Lower) };
        tt.store(p.hash(), bad, 0, depth, bound);
    }
    if plies > 0 {
        for &m in here.iter().take(12) {
            pollute(tt, &p.play(m), &here, plies - 1, deep);
        }
    }
}

fn check<V: Evaluator + Clone>(root: &V, max_depth: i32) {
    for deep in [false, true] {
        let tt = Arc::new(Tt::new(4));
        // Moves that are legal for the other side: play any move and take the reply list.
        let reply_moves = legal(&root.play(legal(root)[0]));
        pollute(&tt, root, &reply_moves, 2, deep);
        let shared = Shared::new(tt);
        for depth in 1..=max_depth {
            let mut w = Worker::<V>::new(&shared, 0, None, &[]);
            let line = w.root(root, depth, None).expect("not aborted");
            assert!(!line.pv.is_empty(), "depth {depth}: no move");
            let mut p = root.clone();
            for &m in &line.pv {
                assert!(
                    legal(&p).contains(&m),
                    "depth {depth} deep {deep}: illegal PV move in {}",
                    p.fen()
                );
                p = p.play(m);
            }
        }
    }
}

fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn chess() {
    big_stack(|| {
        check(&movegen::variants::chess::Chess::startpos(), 5);
        let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        check(&movegen::variants::chess::Chess::from_fen(kiwi).unwrap(), 4);
    });
}

#[test]
fn every_other_variant() {
    big_stack(|| {
        check(&movegen::variants::eightpiece::EightPiece::startpos(), 4);
        check(&movegen::variants::magician::Magician::startpos(), 4);
        check(&movegen::variants::tamerspiel::TamerSpiel::startpos(), 3);
        check(&movegen::variants::jumpingknights::JumpingKnights::startpos(), 3);
        check(&movegen::variants::pieceeater::PieceEater::startpos(), 5);
    });
}
