//! Seeded random walks through legal positions: how tests and tools sample the positions a
//! variant reaches (move forms seen, notation round trips, perft of random-play positions), the
//! same walk for the same random numbers.

use crate::rules::Rules;

/// Walks at most `plies` random legal moves from `start` and returns the position reached:
/// `visit` sees each position on the way (the start first) with its legal moves, then the move
/// at index `next() % moves` is played; the walk stops early where no move is legal.
pub fn random_walk<R: Rules>(
    start: &R,
    plies: usize,
    mut next: impl FnMut() -> u64,
    mut visit: impl FnMut(&R, &R::Moves),
) -> R {
    let mut pos = start.clone();
    for _ in 0..plies {
        let mut list = R::Moves::default();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        visit(&pos, &list);
        pos = pos.play(list[(next() % list.len() as u64) as usize]);
    }
    pos
}

/// The SplitMix64 sequence from state `rng` (advanced per number), as [`random_walk`] draws it.
pub fn splitmix(rng: &mut u64) -> impl FnMut() -> u64 + '_ {
    move || {
        *rng = crate::zobrist::splitmix64(*rng);
        *rng
    }
}
