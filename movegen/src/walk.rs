//! Seeded random walks through legal positions: how tests and tools sample the positions a
//! variant reaches (move forms seen, notation round trips), the same walk for the same seed.

use crate::rules::Rules;
use crate::zobrist::splitmix64;

/// Walks at most `plies` random legal moves from `start`, calling `visit` with each position
/// reached (the start first) and its legal moves before the next move is drawn from `rng` (a
/// SplitMix64 state, advanced per move); stops early where no move is legal.
pub fn random_walk<R: Rules>(
    start: &R,
    plies: usize,
    rng: &mut u64,
    mut visit: impl FnMut(&R, &R::Moves),
) {
    let mut pos = start.clone();
    for _ in 0..plies {
        let mut list = R::Moves::default();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        visit(&pos, &list);
        *rng = splitmix64(*rng);
        pos = pos
            .play(list.iter().copied().nth((*rng % list.len() as u64) as usize).expect("in range"));
    }
}
