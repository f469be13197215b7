//! Perft: the number of legal move sequences of a given length (rule book README, "Perft").
//! Leaves are bulk-counted with [`Rules::count_legal`]; the root can be split over threads.

use crate::moves::Move;
use crate::rules::Rules;
use rayon::prelude::*;

/// `perft(depth)` of `pos`.
pub fn perft<R: Rules>(pos: &R, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut list = R::Moves::default();
            pos.legal_moves(&mut list);
            list.iter().map(|&m| perft(&pos.play(m), depth - 1)).sum()
        }
    }
}

/// Perft split by root move (`depth >= 1`): `(move, count)` in generation order. With
/// `threads > 1` the root moves are shared out over a dedicated thread pool.
pub fn divide<R: Rules>(pos: &R, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let mut list = R::Moves::default();
    pos.legal_moves(&mut list);
    let moves: Vec<Move> = list.to_vec();
    let child = depth.saturating_sub(1);
    if threads <= 1 {
        return moves.into_iter().map(|m| (m, perft(&pos.play(m), child))).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool
            .install(|| moves.into_par_iter().map(|m| (m, perft(&pos.play(m), child))).collect()),
        // Could not start threads: fall back to one.
        Err(_) => moves.into_iter().map(|m| (m, perft(&pos.play(m), child))).collect(),
    }
}

/// Total of [`divide`] (the parallel form of [`perft`]).
pub fn perft_threads<R: Rules>(pos: &R, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    divide(pos, depth, threads).iter().map(|(_, n)| n).sum()
}
