//! Perft: the number of legal move sequences of a given length (rule book README, "Perft").
//! Leaves are bulk-counted with [`Rules::count_legal`], the last two plies with
//! [`Rules::count_two`]; the root can be split over threads.

use crate::moves::Move;
use crate::rules::Rules;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// `perft(depth)` of `pos`.
pub fn perft<R: Rules>(pos: &R, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        2 => pos.count_two(),
        _ => {
            let mut list = R::Moves::default();
            pos.legal_moves(&mut list);
            pos.sum_children(&list, |child| perft(child, depth - 1))
        }
    }
}

/// Perft split by root move (`depth >= 1`): `(move, count)` in generation order. With
/// `threads > 1` the root moves are shared out over a dedicated thread pool.
pub fn divide<R: Rules>(pos: &R, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    divide_until(pos, depth, threads, &AtomicBool::new(false)).unwrap_or_default()
}

/// [`perft`] that gives up (`None`) soon after `stop` is set: the flag is read at every node
/// three or more plies from the leaves, so the leaf loops run as fast as in [`perft`].
pub fn perft_until<R: Rules>(pos: &R, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < 3 {
        return Some(perft(pos, depth));
    }
    if stop.load(Relaxed) {
        return None;
    }
    let mut list = R::Moves::default();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| perft_until(&pos.play(m), depth - 1, stop)).sum()
}

/// [`divide`] that gives up (`None`) soon after `stop` is set (a protocol's `stop`).
pub fn divide_until<R: Rules>(
    pos: &R,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    // A finished game (a king just captured, say) has perft 0 at every depth, though its
    // generator may still list moves: nothing to split, so the rows sum to `perft`.
    if pos.count_legal() == 0 {
        return Some(Vec::new());
    }
    let mut list = R::Moves::default();
    pos.legal_moves(&mut list);
    let moves: Vec<Move> = list.to_vec();
    let child = depth.saturating_sub(1);
    let row = |m: Move| perft_until(&pos.play(m), child, stop).map(|n| (m, n));
    if threads > 1 {
        if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            return pool.install(|| moves.into_par_iter().map(row).collect());
        }
        // Could not start threads: fall back to one.
    }
    moves.into_iter().map(row).collect()
}

/// Total of [`divide`] (the parallel form of [`perft`]).
pub fn perft_threads<R: Rules>(pos: &R, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    divide(pos, depth, threads).iter().map(|(_, n)| n).sum()
}
