//! The searcher's chance nodes (Star1 bounds, table entries of chance nodes, bounds taken from
//! the children's table entries, PVS over actions) must not change the expectimax value: with
//! `Worker::exact` (no forward pruning, no reductions, the static evaluation at the horizon) the
//! searched root value equals that of a plain full-width expectimax written here from the rule
//! book alone (`../shared/rules/pieceeater.md` §2, §4, §6: a turn is an action followed by one
//! of its equally likely PE outcomes; capturing the king wins).
//!
//! The reference's conventions are the searcher's documented ones (`docs/search.md`): scores
//! from the side to move's view, a king capture at ply `p` scoring `MATE - p` for the winner,
//! and the average of an action's outcomes as an integer, rounded toward zero.

use eval::Evaluator;
use menagerie_tests::load_perft_file;
use movegen::moves::ACTION_MASK;
use movegen::rules::{Outcome, Rules};
use movegen::variants::pieceeater::PieceEater;
use movegen::Move;
use search::tt::Tt;
use search::worker::{Shared, Worker};
use search::MATE;
use std::sync::Arc;

fn legal(p: &PieceEater) -> Vec<Move> {
    let mut l = <PieceEater as Rules>::Moves::default();
    p.legal_moves(&mut l);
    l.iter().copied().collect()
}

/// Plain expectimax: every action, every outcome, to `depth` turns, the static evaluation at
/// the horizon. The outcomes of an action are the legal moves that agree on everything but the
/// PE's step (`ACTION_MASK`), wherever the generator lists them.
fn expectimax(p: &PieceEater, depth: u32, ply: i32) -> i32 {
    let moves = legal(p);
    if let Some(end) = p.end_by_rule(&moves) {
        return match end.outcome {
            Outcome::Draw => 0,
            Outcome::Win(c) if c == p.turn() => MATE - ply,
            Outcome::Win(_) => -(MATE - ply),
        };
    }
    if depth == 0 {
        return p.evaluate();
    }
    let mut actions: Vec<u32> = moves.iter().map(|m| m.0 & ACTION_MASK).collect();
    actions.sort_unstable();
    actions.dedup();
    let mut best = i32::MIN;
    for a in actions {
        let outcomes: Vec<Move> =
            moves.iter().copied().filter(|m| m.0 & ACTION_MASK == a).collect();
        let n = outcomes.len() as i32;
        let sum: i32 = outcomes.iter().map(|&m| -expectimax(&p.play(m), depth - 1, ply + 1)).sum();
        best = best.max(sum / n);
    }
    best
}

/// The exact-mode search of `p` to each depth up to `depth` (iterative deepening over one
/// table, as the engine searches), then the last depth once more over the warm table.
fn searched(p: &PieceEater, depth: i32) -> Vec<i32> {
    let shared = Shared::new(Arc::new(Tt::new(8)));
    let mut w = Worker::<PieceEater>::new(&shared, 0, None, &[]);
    w.exact = true;
    let mut out: Vec<i32> =
        (1..=depth).map(|d| w.root(p, d, None).expect("not aborted").score).collect();
    out.push(w.root(p, depth, None).expect("not aborted").score);
    out
}

fn check(id: &str, p: &PieceEater, depth: u32) {
    let got = searched(p, depth as i32);
    for d in 1..=depth {
        let want = expectimax(p, d, 0);
        assert_eq!(got[d as usize - 1], want, "{id} depth {d}: {}", p.fen());
    }
    assert_eq!(got[depth as usize], got[depth as usize - 1], "{id}: warm table, depth {depth}");
}

fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn searched_value_is_the_expectimax_value() {
    big_stack(|| {
        let cases = load_perft_file("pieceeater.perft");
        let mut deep = 0;
        for case in &cases {
            let p = PieceEater::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
            // Depth 3 where the full tree is small enough (perft 3 up to two million turns).
            let small = case.counts.iter().any(|&(d, n)| d == 3 && n <= 2_000_000);
            if small {
                deep += 1;
            }
            check(&case.id, &p, if small { 3 } else { 2 });
        }
        assert!(deep >= 4, "only {deep} positions searched to depth 3");
    });
}

#[test]
fn king_captures_average_into_the_value() {
    // White to move: the queen on h5 can take the king on e8 (g6 and f7 are empty), so depth 1 is
    // the win at once (MATE - 1 after the capturing turn: no PE step follows). Depth 2 and 3
    // add positions where only some outcomes leave the king capturable, whose averages mix
    // king-capture scores with ordinary ones: the search must average them like the reference.
    big_stack(|| {
        for fen in [
            "rnb1kbnr/ppppp1pp/8/7Q/4P3/3X4/PPPP1PPP/RNB1KBNR[] w KQkq - 0 1 -",
            "4k3/8/8/3X4/8/8/8/R3K3[R] b - - 0 1 -",
            "r3k3/8/8/8/8/2X5/8/R3K3[Nn] w - - 0 1 -",
        ] {
            let p = PieceEater::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            check(fen, &p, 3);
        }
    });
}

#[test]
fn outcomes_of_an_action_are_listed_together() {
    // The searcher groups an action's outcomes as a run of consecutive moves of the generator's
    // list (it does not sort): every action's outcomes must form one run.
    for case in load_perft_file("pieceeater.perft") {
        let p = PieceEater::from_fen(&case.fen).unwrap();
        let moves = legal(&p);
        let mut seen: Vec<u32> = Vec::new();
        let mut i = 0;
        while i < moves.len() {
            let a = moves[i].0 & ACTION_MASK;
            assert!(!seen.contains(&a), "{}: action {:?} listed in two runs", case.id, moves[i]);
            seen.push(a);
            while i < moves.len() && moves[i].0 & ACTION_MASK == a {
                i += 1;
            }
        }
    }
}
